#!/usr/bin/env bash
# Draws the README's images with the tool itself: the two judges' sample
# mazes and Abbott's Atlanta maze, each with its shortest route.
#
#   scripts/readme-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
mkdir -p docs/img
$bin render examples/arrow.in --maze SAMPLE --route -o docs/img/arrow-sample.svg
$bin render examples/dice.in --maze DICEMAZE2 --route -o docs/img/dice-sample.svg
$bin render tests/data/atlanta.in --route -o docs/img/atlanta.svg
$bin render tests/data/atlanta.in --route -o docs/img/atlanta.png --scale 1.5
