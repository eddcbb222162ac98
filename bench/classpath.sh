#!/usr/bin/env bash
# Builds a module and what it needs from this repository (the reactor; nothing is installed into ~/.m2)
# and prints its test class path: its classes, its test classes and every dependency. For the benchmarks
# and reference runs the docs describe:
#   CP=$(bash bench/classpath.sh bundles/io.plate.importers)
#   java -cp "$CP" io.plate.importers.bench.ImportBenchmark …
set -euo pipefail
module=${1:?usage: bash bench/classpath.sh MODULE-FOLDER (e.g. bundles/io.plate.importers)}
cd "$(dirname "$0")/.."
[ -f "$module/pom.xml" ] || { echo "bench/classpath.sh: no module at '$module' (no $module/pom.xml)" >&2; exit 2; }
deps=$(mktemp)
trap 'rm -f "$deps"' EXIT
# with -am every module writes the file; the named one is built last, so its class path is what remains
mvn -B -q -pl "$module" -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$deps" >&2
echo "$PWD/$module/target/classes:$PWD/$module/target/test-classes:$(cat "$deps")"
