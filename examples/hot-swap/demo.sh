#!/usr/bin/env bash
# Hot swap, shown: the mixture-sampler bundle is dropped into the --deploy folder of a running Plate,
# replaced by a second version while the shell runs, and removed again. Run from the repository root
# after `mvn -B -q package -DskipTests -pl launcher -am`.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=launcher/target/plate.jar
V1=launcher/target/classes/bundles/io.plate.sampler.mixture-0.1.0.jar
WORK=$(mktemp -d)
DEPLOY=$WORK/deploy
mkdir -p "$DEPLOY"
trap 'rm -rf "$WORK"' EXIT

# Version 0.1.1: the same code with a new Bundle-Version (a real upgrade would carry new code).
mkdir -p "$WORK/v2" && (cd "$WORK/v2" && unzip -q "$OLDPWD/$V1")
sed -i 's/^Bundle-Version: .*/Bundle-Version: 0.1.1/' "$WORK/v2/META-INF/MANIFEST.MF"
(cd "$WORK/v2" && jar --create --file "$WORK/mixture-0.1.1.jar" --manifest META-INF/MANIFEST.MF .)

# Plate runs without the samplers feature and watches $DEPLOY; the script below waits between steps.
java -jar "$JAR" --features plate-core,plate-classifier,plate-shell --deploy "$DEPLOY" examples/hot-swap/demo.gosh &
PLATE=$!
sleep 3;  echo ">>> demo.sh: installing io.plate.sampler.mixture 0.1.0";  cp "$V1" "$DEPLOY/mixture.jar"
sleep 9;  echo ">>> demo.sh: updating it to 0.1.1";  cp "$WORK/mixture-0.1.1.jar" "$DEPLOY/mixture.jar.tmp" && mv "$DEPLOY/mixture.jar.tmp" "$DEPLOY/mixture.jar"
sleep 9;  echo ">>> demo.sh: removing it";  rm "$DEPLOY/mixture.jar"
wait $PLATE
