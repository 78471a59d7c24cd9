// Compares the committed package-lock.json with the one `npm install` just wrote and fails only when
// what gets installed changed: a package added, removed or moved to another version. Entries for other
// platforms' optional binaries come and go with what the registry serves on the day (machine notes), so
// they are reported and tolerated.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const committed = JSON.parse(execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
const installed = JSON.parse(readFileSync('package-lock.json', 'utf8'));

const drift = [];
const tolerated = [];
const paths = new Set([...Object.keys(committed.packages ?? {}), ...Object.keys(installed.packages ?? {})]);
for (const path of paths) {
  const before = committed.packages?.[path];
  const after = installed.packages?.[path];
  if (before && after && before.version === after.version) continue;
  const optionalOnly = (before?.optional ?? true) && (after?.optional ?? true) && !(before && after);
  (optionalOnly ? tolerated : drift).push(`${path || '(root)'}: ${before?.version ?? 'absent'} -> ${after?.version ?? 'absent'}`);
}

if (tolerated.length > 0) console.log(`setup: lockfile differs only in ${tolerated.length} optional other-platform entries (tolerated)`);
if (drift.length > 0) {
  console.error('setup: npm install changed what package-lock.json installs; commit the updated lockfile');
  for (const line of drift.slice(0, 40)) console.error(`  ${line}`);
  process.exit(1);
}
