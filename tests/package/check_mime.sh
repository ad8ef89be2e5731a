#!/usr/bin/env bash
# The MIME type compiles with the shared MIME database tools and claims *.reducelab as a ReduceLab
# session, a kind of JSON, leaving plain *.json alone.
#   check_mime.sh MIME_XML
set -euo pipefail
db="$(mktemp -d "${TMPDIR:-/tmp}/reducelab-mime.XXXXXX")"
trap 'rm -rf "$db"' EXIT
mkdir "$db/packages"
cp "$1" "$db/packages/"
update-mime-database "$db" >"$db/log" 2>&1 || { cat "$db/log" >&2; exit 1; }
grep -qx 'application/x-reducelab-session application/json' "$db/subclasses" ||
    { echo "check_mime: not a subclass of application/json" >&2; exit 1; }
for glob in '*.reducelab'; do
    awk -F: -v glob="$glob" '$2 == "application/x-reducelab-session" && $3 == glob {found = 1}
        END {exit !found}' "$db/globs2" ||
        { echo "check_mime: $glob not in globs2" >&2; cat "$db/globs2" >&2; exit 1; }
done
if grep -qF 'application/x-reducelab-session:*.json' "$db/globs2"; then
    echo "check_mime: claims every *.json" >&2
    exit 1
fi
echo "check_mime: ok"
