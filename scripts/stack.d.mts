// Types for scripts/stack.mjs (plain ESM so npm scripts run it without a build step).
import type { ChildProcess } from 'node:child_process';
import type { WriteStream } from 'node:fs';

export const ROOT: string;
export function buildSpa(opts?: { force?: boolean }): void;
export function prepareDatabase(opts: { persistTo: string; scale?: number; quiet?: boolean }): string;
export interface Stack {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): void;
}
export function startWorkers(opts: { port: number; persistTo: string; logFile?: WriteStream }): Promise<Stack>;
export function stopChild(child: ChildProcess): void;
export function fireCron(url: string, cron?: string): Promise<boolean>;
export function msUntilCron(now?: Date): number;
export function localSecretsEnv(persistTo: string): string;
export function readEnvFile(file: string): Record<string, string>;
export function sandboxSwitchedOn(tomlText: string): boolean;
export function deployableSize(config: string): { raw: number; gz: number };
