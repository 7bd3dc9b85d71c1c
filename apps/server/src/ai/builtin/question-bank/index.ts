import type { PurposeId } from '../purposes';
import { course } from './course';
import { customer } from './customer';
import { employee } from './employee';
import { event } from './event';
import { general } from './general';
import { healthcare } from './healthcare';
import { hotel } from './hotel';
import { market } from './market';
import { nps } from './nps';
import { product } from './product';
import { restaurant } from './restaurant';
import type { PurposeQuestions } from './types';
import { website } from './website';

export type { ChoiceTemplate, Closing, PurposeQuestions } from './types';
export { IMPORTANCE_SCALE, LIKELIHOOD_SCALE } from './scales';

/** Every purpose's questions, one file each. A purpose without its file does not compile. */
export const QUESTION_BANK: Record<PurposeId, PurposeQuestions> = {
  healthcare,
  course,
  website,
  hotel,
  restaurant,
  employee,
  event,
  market,
  nps,
  product,
  customer,
  general,
};
