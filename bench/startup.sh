#!/usr/bin/env bash
# Start-up of `java -jar plate.jar -c plate:version` against a bare `java Hello`, measured in alternating
# runs (bare, plate, bare, plate, ...); prints each pair and the medians of wall time, CPU time and ratio.
# usage: bench/startup.sh [PLATE_JAR] [PAIRS] [-- JVM options for the plate runs, e.g. -XX:TieredStopAtLevel=1]
# The first plate run fills the user's Felix storage cache and makes the class-data-sharing archive of the
# relaunched JVM (~/.cache/plate); it is a warm-up and not counted. The load average is printed before and after.
set -euo pipefail
jar=${1:-launcher/target/plate.jar}
pairs=${2:-7}
shift $(( $# < 2 ? $# : 2 ))
[ "${1:-}" = "--" ] && shift
opts=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/Hello.java" <<'J'
public class Hello { public static void main(String[] a) { System.out.println("hello"); } }
J
javac -d "$work" "$work/Hello.java"
java "${opts[@]}" -jar "$jar" -c plate:version > /dev/null # warm-up: fills the storage cache
# wall and CPU (user + system) seconds of one command, from bash's own clock
measure() {
    local TIMEFORMAT='%R %U %S'
    { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
}
echo "before: $(uptime)"
echo "pair  bare_wall  bare_cpu  plate_wall  plate_cpu  ratio"
for i in $(seq 1 "$pairs"); do
    read -r bw bc < <(measure java -cp "$work" Hello)
    read -r pw pc < <(measure java "${opts[@]}" -jar "$jar" -c plate:version)
    echo "$i $bw $bc $pw $pc $(awk -v p="$pw" -v b="$bw" 'BEGIN { printf "%.2f", p / b }')"
done | tee "$work/pairs.txt"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median bare wall $(cut -d' ' -f2 "$work/pairs.txt" | median) s, cpu $(cut -d' ' -f3 "$work/pairs.txt" | median) s;" \
     "plate wall $(cut -d' ' -f4 "$work/pairs.txt" | median) s, cpu $(cut -d' ' -f5 "$work/pairs.txt" | median) s;" \
     "ratio (per pair) $(cut -d' ' -f6 "$work/pairs.txt" | median)"
echo "after: $(uptime)"
