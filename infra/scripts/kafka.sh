#!/usr/bin/env bash
# Installs Apache Kafka 3.9.1 from Maven Central (no Docker, no tarball download) and runs a
# single-node KRaft broker on 127.0.0.1:9092 for the MessageBus contract suite (KAFKA_BROKERS).
# Idempotent: quick when the jars are there and the broker runs.
#   infra/scripts/kafka.sh         install if needed, start if needed, print KAFKA_BROKERS=...
#   infra/scripts/kafka.sh stop    stop the broker started by this script
set -euo pipefail

KAFKA_VERSION="3.9.1"
SLF4J_VERSION="1.7.36"
HOST="127.0.0.1"
PORT=9092
CONTROLLER_PORT=9093

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="$ROOT/.infra/kafka"
LIB="$BASE/lib"
DATA="$BASE/data"
CONF="$BASE/config"
PID_FILE="$BASE/kafka.pid"
LOG_FILE="$BASE/kafka.log"
STAMP="$LIB/.kafka-$KAFKA_VERSION"

NAME=kafka
STOP_WAIT_TENTHS=300
# shellcheck source=lib/daemon.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

install() {
  if [ -f "$STAMP" ]; then return 0; fi
  log "resolving kafka_2.13:$KAFKA_VERSION with Maven into $LIB"
  mkdir -p "$BASE/resolve"
  cat > "$BASE/resolve/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.infra</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_2.13</artifactId>
      <version>$KAFKA_VERSION</version>
      <scope>runtime</scope>
    </dependency>
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-reload4j</artifactId>
      <version>$SLF4J_VERSION</version>
      <scope>runtime</scope>
    </dependency>
  </dependencies>
</project>
EOF
  rm -rf "$LIB"
  mkdir -p "$LIB"
  # Maven talks on stdout (with colour codes and no final newline): keep stdout for the URL line only.
  (cd "$BASE/resolve" && mvn -q -B -Dstyle.color=never dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB") >&2
  ls "$LIB"/kafka_2.13-"$KAFKA_VERSION".jar >/dev/null
  touch "$STAMP"
}

configure() {
  mkdir -p "$CONF" "$DATA"
  cat > "$CONF/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$PORT,CONTROLLER://$HOST:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DATA
num.partitions=6
offsets.topic.replication.factor=1
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
default.replication.factor=1
min.insync.replicas=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
log.retention.hours=24
EOF
  cat > "$CONF/log4j.properties" <<EOF
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=WARN
log4j.logger.org.apache.kafka=WARN
log4j.logger.kafka.server.KafkaServer=INFO
log4j.logger.kafka.server.KafkaRaftServer=INFO
EOF
  if [ ! -f "$DATA/meta.properties" ]; then
    local uuid
    uuid="$(java -cp "$LIB/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
    log "formatting storage (cluster $uuid)"
    java -cp "$LIB/*" -Dlog4j.configuration="file:$CONF/log4j.properties" \
      kafka.tools.StorageTool format -t "$uuid" -c "$CONF/server.properties" >>"$LOG_FILE" 2>&1
  fi
}

start() {
  if running_pid >/dev/null && port_open "$PORT"; then
    echo "KAFKA_BROKERS=$HOST:$PORT"
    return 0
  fi
  if port_open "$PORT" && ! running_pid >/dev/null; then
    log "port $PORT already in use by another process"; exit 1
  fi
  install
  if ! running_pid >/dev/null; then
    configure
    log "starting broker (log: $LOG_FILE)"
    nohup java -Xms256m -Xmx768m -cp "$LIB/*" -Dlog4j.configuration="file:$CONF/log4j.properties" \
      kafka.Kafka "$CONF/server.properties" >>"$LOG_FILE" 2>&1 </dev/null &
    echo $! > "$PID_FILE"
  fi
  for _ in $(seq 1 1200); do
    if port_open "$PORT"; then echo "KAFKA_BROKERS=$HOST:$PORT"; return 0; fi
    running_pid >/dev/null || { log "exited at start; last log lines:"; tail -n 30 "$LOG_FILE" >&2; exit 1; }
    sleep 0.1
  done
  log "did not accept connections within 120 s"; tail -n 30 "$LOG_FILE" >&2; exit 1
}

case "${1:-start}" in
  start) start ;;
  install) install ;;
  stop) stop ;;
  *) echo "usage: $0 [start|install|stop]" >&2; exit 2 ;;
esac
