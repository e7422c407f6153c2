#!/usr/bin/env bash
# pgvector for the machine's PostgreSQL, built from Debian's own source tarball (Debian bookworm
# packages PostgreSQL 15 but not pgvector; trixie packages pgvector 0.8.0 for PostgreSQL 17 only).
# The tarball is pinned by its SHA-256 from trixie's Sources index. Idempotent; run as root.
# Without pgvector the service still works: the repeat-identity search scans exactly (slower).
set -euo pipefail
VERSION=0.8.0
SHA256=867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0
URL="http://deb.debian.org/debian/pool/main/p/pgvector/pgvector_${VERSION}.orig.tar.gz"

major=$(ls /usr/lib/postgresql | sort -n | tail -1)
if [ -f "/usr/share/postgresql/${major}/extension/vector--${VERSION}.sql" ]; then
  echo "pgvector ${VERSION} already installed for PostgreSQL ${major}"
  exit 0
fi
need=()
dpkg -s "postgresql-server-dev-${major}" >/dev/null 2>&1 || need+=("postgresql-server-dev-${major}")
command -v make >/dev/null || need+=(make)
command -v gcc >/dev/null || need+=(gcc)
command -v curl >/dev/null || need+=(curl ca-certificates)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsSL "$URL" -o "$work/pgvector.tar.gz"
echo "${SHA256}  $work/pgvector.tar.gz" | sha256sum -c --quiet
tar -xzf "$work/pgvector.tar.gz" -C "$work"
# OPTFLAGS="": no -march=native, so the library runs on any x86-64 the cluster moves to;
# with_llvm=no: no JIT bitcode, which would need clang.
make -C "$work/pgvector-${VERSION}" -s OPTFLAGS="" with_llvm=no PG_CONFIG="/usr/lib/postgresql/${major}/bin/pg_config" >/dev/null
make -C "$work/pgvector-${VERSION}" -s install with_llvm=no PG_CONFIG="/usr/lib/postgresql/${major}/bin/pg_config" >/dev/null
echo "pgvector ${VERSION} installed for PostgreSQL ${major}"
