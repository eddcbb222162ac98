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
PLATE=
trap 'if [ -n "$PLATE" ]; then kill "$PLATE" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT

# Version 0.1.1: the same code with a new Bundle-Version (a real upgrade would carry new code).
mkdir -p "$WORK/v2" && (cd "$WORK/v2" && unzip -q "$OLDPWD/$V1")
sed -i 's/^Bundle-Version: .*/Bundle-Version: 0.1.1/' "$WORK/v2/META-INF/MANIFEST.MF"
(cd "$WORK/v2" && jar --create --file "$WORK/mixture-0.1.1.jar" --manifest META-INF/MANIFEST.MF .)

# Plate runs without the samplers feature and watches $DEPLOY. The script asks for each change ("..> …")
# and waits until plate:samplers shows it; this side makes the change when asked and then waits for the
# script's next line, each for at most $DEMO_TIMEOUT seconds (a loaded machine takes seconds per step).
TIMEOUT=${DEMO_TIMEOUT:-300}
OUT=$WORK/plate.out
: > "$OUT"
java -jar "$JAR" --features plate-core,plate-classifier,plate-shell --deploy "$DEPLOY" examples/hot-swap/demo.gosh \
    > >(tee "$OUT") &
PLATE=$!

# Waits until Plate has printed a line containing $1; stops the demo with a message when Plate ended or
# $TIMEOUT seconds passed first.
await() {
    local deadline=$((SECONDS + TIMEOUT))
    until grep -qF -- "$1" "$OUT"; do
        if ! kill -0 "$PLATE" 2>/dev/null; then
            echo "demo.sh: Plate ended before printing '$1'" >&2
            exit 1
        fi
        if ((SECONDS >= deadline)); then
            echo "demo.sh: Plate did not print '$1' within $TIMEOUT s; stopping it (DEMO_TIMEOUT=SECONDS gives it longer)" >&2
            exit 1
        fi
        sleep 0.2
    done
}

await "..> drop mixture 0.1.0"
echo ">>> demo.sh: installing io.plate.sampler.mixture 0.1.0";  cp "$V1" "$DEPLOY/mixture.jar"
await "..> overwrite it with 0.1.1"
echo ">>> demo.sh: updating it to 0.1.1";  cp "$WORK/mixture-0.1.1.jar" "$WORK/mixture.jar" && mv "$WORK/mixture.jar" "$DEPLOY/mixture.jar"
await "..> delete it"
echo ">>> demo.sh: removing it";  rm "$DEPLOY/mixture.jar"
await ".. after deleting it"
wait "$PLATE"
