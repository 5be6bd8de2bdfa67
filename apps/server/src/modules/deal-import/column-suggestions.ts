import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@fitscore/contracts';

/**
 * The header names each field is known by in the exports funds bring (Affinity, Airtable, Dealum,
 * HubSpot, spreadsheets), lowercased with everything but letters and digits removed. A header equal
 * to one of them is that field; failing that, a header containing one (longest first) is.
 */
const KNOWN_HEADERS: Record<ImportField, readonly string[]> = {
  company: ['organizationname', 'organization', 'organisation', 'organisationname', 'company', 'companyname', 'startup', 'startupname', 'name', 'dealname', 'accountname', 'venture'],
  website: ['website', 'url', 'domain', 'companywebsite', 'homepage', 'web', 'site', 'organizationwebsite', 'organizationdomain'],
  stage: ['stage', 'status', 'pipelinestage', 'dealstage', 'liststatus', 'dealstatus', 'pipelinestatus'],
  owner: ['owner', 'deallead', 'lead', 'owneremail', 'assignedto', 'dealowner', 'assignee', 'leadpartner', 'dealleads', 'owners'],
  date: ['dateadded', 'created', 'createdat', 'date', 'added', 'datecreated', 'createddate', 'addedon', 'createdon', 'firstcontact', 'sourced', 'sourcedon', 'datesourced'],
  tags: ['tags', 'labels', 'tag', 'label', 'categories', 'keywords'],
  notes: ['notes', 'note', 'comments', 'comment', 'memo'],
  deck: ['deck', 'pitchdeck', 'pitchdeckurl', 'deckurl', 'decklink', 'pitchdecklink', 'pitch', 'presentation'],
  sector: ['sector', 'industry', 'vertical', 'industries', 'sectors', 'market'],
  geography: ['geography', 'location', 'country', 'hq', 'headquarters', 'city', 'region', 'hqlocation'],
  contactEmail: ['email', 'contactemail', 'founderemail', 'primarycontactemail', 'founderemails', 'contact'],
  oneLiner: ['description', 'oneliner', 'tagline', 'summary', 'pitchsummary', 'shortdescription', 'about'],
};

/** A header name reduced for matching: 'Pitch deck URL' → 'pitchdeckurl'. */
const reduced = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The mapping guessed from the header names: each field to at most one column, each column to at
 * most one field; exact names win over names that only contain a known one ('Deal Lead Email').
 */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const names = columns.map(reduced);
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  const claim = (field: ImportField, index: number) => {
    mapping[field] = index;
    taken.add(index);
  };
  for (const field of IMPORT_FIELDS) {
    // The known names in order of preference: 'Organization Name' before a plain 'Name'.
    for (const known of KNOWN_HEADERS[field]) {
      const index = names.findIndex((n, i) => !taken.has(i) && n === known);
      if (index >= 0) {
        claim(field, index);
        break;
      }
    }
  }
  for (const field of IMPORT_FIELDS) {
    if (mapping[field] !== undefined) continue;
    const known = [...KNOWN_HEADERS[field]].filter((k) => k.length >= 4).sort((a, b) => b.length - a.length);
    const index = names.findIndex((n, i) => !taken.has(i) && known.some((k) => n.includes(k)));
    if (index >= 0) claim(field, index);
  }
  return mapping;
}
