/** A term as a literal inside LIKE: the user's \ % and _ match themselves, not "anything". */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern for "contains the term". */
export const likeContains = (term: string): string => `%${escapeLike(term)}%`;
