/** A name's possessive in English: 'Northwind’s', but 'Harbor Ventures’' (a name ending in s takes the apostrophe alone). */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name.trim()}’` : `${name.trim()}’s`);
