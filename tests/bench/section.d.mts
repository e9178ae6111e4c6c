export declare const SECTION_BEGIN: string;
export declare const SECTION_END: string;
export declare function printSection(id: string, title: string, markdown: string): void;
export declare function table(header: (string | number)[], rows: (string | number | null | undefined)[][]): string;
