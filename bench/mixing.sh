#!/usr/bin/env bash
# Mixing of plate:cluster's chains: R-hat / bulk ESS of the `clusters` and `entropy` summaries and the
# seconds of a run, for each case and seed, each case run by every jar given in turn (so that two builds
# are compared side by side in the same minutes). Run from the repository root; needs python3 with
# scikit-learn for the issue-15 make_blobs case (skipped without it).
# usage: bench/mixing.sh "SEEDS" JAR [JAR ...]     e.g. bench/mixing.sh "1 2 3" /tmp/before.jar launcher/target/plate.jar
set -euo pipefail
seeds=${1:?usage: bench/mixing.sh "SEEDS" JAR [JAR ...]}
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=(
  "iris|plate:import data/iris/iris.csv --name d|plate:cluster mixture.gaussian d k=3"
  "wine|plate:import data/wine/wine.csv --name d|plate:cluster mixture.gaussian d k=3"
  "faithful-dp|plate:import data/old-faithful/faithful.csv --name d --no-label|plate:cluster mixture.dp-gaussian d"
  "votes|plate:import data/house-votes-84/house-votes-84.csv --name d|plate:cluster mixture.categorical d k=2"
  "votes-dp|plate:import data/house-votes-84/house-votes-84.csv --name d|plate:cluster mixture.dp-categorical d"
)
if python3 -c "import sklearn" 2>/dev/null; then
  python3 -c "from sklearn.datasets import make_blobs; import numpy as np; X,y=make_blobs(300,centers=3,random_state=0); np.savetxt('$work/mb.csv',X,delimiter=',',header='a,b',comments='')"
  cases=("make_blobs|plate:import $work/mb.csv --name d --no-label|plate:cluster mixture.gaussian d k=3" "${cases[@]}")
fi
printf '%-12s %4s  %-28s %-14s %-14s %s\n' case seed jar "clusters R/ESS" "entropy R/ESS" seconds
for c in "${cases[@]}"; do
  IFS='|' read -r name import cluster <<< "$c"
  for s in $seeds; do
    for jar in "$@"; do
      out=$(java -jar "$jar" -c "$import; $cluster --iterations 2000 --chains 2 --seed $s --out $work/run" 2>&1)
      rm -rf "$work/run"
      cl=$(awk '$1 == "clusters" && NF == 6 { print $4 "/" $5 }' <<< "$out")
      en=$(awk '$1 == "entropy" && NF == 6 { print $4 "/" $5 }' <<< "$out")
      secs=$(grep -oE '^[0-9.]+ s,' <<< "$out" | head -1 | tr -d ' s,')
      printf '%-12s %4s  %-28s %-14s %-14s %s\n' "$name" "$s" "$jar" "${cl:-?}" "${en:-?}" "${secs:-?}"
    done
  done
done
echo "load: $(uptime)"
