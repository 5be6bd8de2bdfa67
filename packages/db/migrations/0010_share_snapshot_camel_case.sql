-- Share-link snapshots keep the shared answer's camelCase names (one naming style per body):
-- company.startup_name/one_liner/hq_geo and score.created_at/engine_version of links made before are renamed.
UPDATE "share_links" SET "snapshot" = jsonb_build_object(
  'company', jsonb_build_object(
    'startupName', coalesce("snapshot" -> 'company' -> 'startupName', "snapshot" -> 'company' -> 'startup_name'),
    'oneLiner', coalesce("snapshot" -> 'company' -> 'oneLiner', "snapshot" -> 'company' -> 'one_liner'),
    'industry', "snapshot" -> 'company' -> 'industry',
    'stage', "snapshot" -> 'company' -> 'stage',
    'hqGeo', coalesce("snapshot" -> 'company' -> 'hqGeo', "snapshot" -> 'company' -> 'hq_geo')
  ),
  'score', ("snapshot" -> 'score') - 'created_at' - 'engine_version' || jsonb_build_object(
    'createdAt', coalesce("snapshot" -> 'score' -> 'createdAt', "snapshot" -> 'score' -> 'created_at'),
    'engineVersion', coalesce("snapshot" -> 'score' -> 'engineVersion', "snapshot" -> 'score' -> 'engine_version')
  )
) WHERE "snapshot" -> 'score' ? 'created_at' OR "snapshot" -> 'company' ? 'startup_name';
