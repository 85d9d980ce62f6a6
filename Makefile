# weft — every entry point. `make demo` and `make test` are the two commands on a fresh machine.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := demo

WASM_BINDGEN_VERSION := 0.2.130
PORT ?= 8080
export WPT_DIR ?= $(abspath ../shared/wpt)
export ENCODING_DATA_DIR ?= $(abspath ../shared/encoding-data)
export BENCH_DATA_DIR ?= $(abspath ../shared/bench-data)
export CHROMIUM ?= /usr/bin/chromium
NODE_BIN := node_modules/.bin

.PHONY: demo test pkg setup setup-build setup-browser lint test-rust test-wasm test-node test-wpt \
        test-hosts test-browser bench size tables fuzz

## Build the package and serve the playground on http://127.0.0.1:$(PORT)
demo: setup-build pkg
	node tools/serve.mjs --port $(PORT)

## Install what is missing, then run every test layer
test: setup
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory lint test-rust test-wasm pkg test-node test-wpt test-hosts test-browser; \
	echo "make test: all layers passed in $$(( $$(date +%s) - start ))s"

## Install what is missing (idempotent, quiet when nothing is)
setup: setup-build setup-browser

setup-build:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (about 4 minutes)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --no-default-features; \
	fi
	@# npm install, not npm ci: npm 11 rejects this lock file in ci mode over the optional
	@# per-platform packages of `deno`, though install resolves it to the same locked versions.
	@if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm install --no-audit --no-fund; fi

setup-browser:
	@if [ ! -x $(CHROMIUM) ] || ! command -v chromedriver >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi

## Build pkg/ (the npm package) and link it as node_modules/webweft for the tests
pkg:
	node tools/build-pkg.mjs
	@ln -sfn ../pkg node_modules/webweft

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings
	@# Every slimmer wasm feature set that tools/size.mjs builds compiles cleanly too.
	for features in base64 url public-suffix encoding encoding-legacy html structured-clone lite; do \
	  cargo clippy -q --target wasm32-unknown-unknown --lib --no-default-features --features $$features -- -D warnings; \
	done

test-rust:
	cargo test

test-wasm:
	cargo test --target wasm32-unknown-unknown --lib

test-node:
	node tools/build-pkg.mjs --debug --features testing-hooks --out target/pkg-testing --no-lite
	node --test tests/node/

test-wpt:
	node tests/wpt/run.mjs --host vm
	node tests/wpt/run.mjs --host chromium

test-hosts:
	$(NODE_BIN)/deno check tests/hosts/types.ts
	$(NODE_BIN)/deno run --allow-read --allow-env tests/hosts/deno.mjs
	$(NODE_BIN)/deno run --allow-all tests/wpt/run.mjs --host vm
	$(NODE_BIN)/bun tests/hosts/bun.mjs
	$(NODE_BIN)/bun tests/wpt/run.mjs --host vm

test-browser:
	node --test --test-concurrency=1 tests/browser/

## Benchmarks (not tests): criterion natively, then Node side by side with native and npm peers
bench: setup-build pkg
	cargo bench
	node --expose-gc benches/node/run.mjs

## Every fuzz target FUZZ_SECONDS each (default 60), then executions per target (README "Fuzzing")
fuzz: setup-build pkg
	fuzz/run.sh

## Regenerate src/encoding/tables/ from ENCODING_DATA_DIR (tests/encoding_tables.rs checks they are current)
tables:
	cargo run --no-default-features --example encoding_tables

## What each cargo feature set adds to the wasm (raw / gzip / brotli)
size: setup-build
	node tools/size.mjs
