import type { Person } from '@quorum/contract';

/** A person's name, or `gone` when their account no longer exists (the server sends null then). */
export const nameOf = (person: Person | null, gone: string): string => person?.name ?? gone;
