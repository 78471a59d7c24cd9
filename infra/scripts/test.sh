#!/usr/bin/env bash
# `npm test`: set up, start the engines the contract suites run against (PostgreSQL, Kafka,
# a MongoDB-wire server), then type-check, lint and run every jest project.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/setup.sh

export CI="${CI:-}"
eval "$(bash infra/scripts/postgres.sh | grep '^POSTGRES_URL=' | sed 's/^/export /')"
eval "$(bash infra/scripts/kafka.sh | grep '^KAFKA_BROKERS=' | sed 's/^/export /')"
eval "$(bash infra/scripts/ferretdb.sh | grep '^MONGO_URL=' | sed 's/^/export /')"
eval "$(bash infra/scripts/stripe-mock.sh | grep '^STRIPE_MOCK_URL=' | sed 's/^/export /')"
eval "$(bash infra/scripts/s3.sh | grep '^S3_TEST_ENDPOINT=' | sed 's/^/export /')"
echo "engines: POSTGRES_URL=${POSTGRES_URL:+set} KAFKA_BROKERS=${KAFKA_BROKERS:-} MONGO_URL=${MONGO_URL:-} STRIPE_MOCK_URL=${STRIPE_MOCK_URL:-}"

npx tsc -b
npx eslint .
# --forceExit: a suite that leaves a handle open must not hang CI after its results are in.
npx jest --selectProjects unit web --forceExit
npx jest --selectProjects int --runInBand --forceExit
npx jest --selectProjects e2e --runInBand --forceExit
