const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** When the purge runs, in the reader's words and time zone. */
export const deletionDate = (iso: string) => when.format(new Date(iso));
