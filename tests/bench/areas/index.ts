/** The areas the rows-read bench measures; add an area's module here (see types.ts). */
import { closureArea } from './closure';
import { entityArea } from './entity';
import { medicalArea } from './medical';
import { personalArea } from './personal';
import { starmarketArea } from './starmarket';
import type { BenchArea } from './types';

export const AREAS: BenchArea[] = [closureArea, starmarketArea, medicalArea, entityArea, personalArea];
