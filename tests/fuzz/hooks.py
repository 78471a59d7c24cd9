"""Schemathesis hooks for the API fuzzer (tests/fuzz/api-fuzz.e2e.spec.ts).

The resumable uploads (tus) take their chunks as `application/offset+octet-stream`, raw bytes that
schemathesis has no serializer for: send them the way it sends `application/octet-stream`.
"""
import schemathesis

schemathesis.serializer.alias("application/offset+octet-stream", "application/octet-stream")
