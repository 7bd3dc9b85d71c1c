import { v7 as uuidv7 } from 'uuid';

/** A new unguessable, time-ordered id (UUIDv7). */
export function newId(): string {
  return uuidv7();
}
