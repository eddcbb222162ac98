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
# a relative outputFile is resolved in each module, so every module writes its own list
mvn -B -q -pl "$module" -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/test-classpath.txt >&2
echo "$PWD/$module/target/classes:$PWD/$module/target/test-classes:$(cat "$module/target/test-classpath.txt")"
