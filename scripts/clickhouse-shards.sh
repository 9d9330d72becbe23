#!/usr/bin/env bash
# Two ClickHouse servers on loopback, a cluster 'two' of one shard each, for the warehouse's distributed path
# (issue 37): the tests and the bench load a Distributed table over them.
#   scripts/clickhouse-shards.sh start [DIR]   # DIR: data, logs, configs and pid files (default /tmp/clickhouse-shards)
#   scripts/clickhouse-shards.sh stop  [DIR]
# Shard 1 answers HTTP on 127.0.0.1:8124 (TCP 9101), shard 2 on 8125 (TCP 9102); the service and the tests
# talk to shard 1, which holds the Distributed table. Start is idempotent (servers already up are left as
# they are); stop kills only the pids this script wrote, and is a no-op when nothing runs.
# Needs Debian's clickhouse-server (18.16): apt-get install -y clickhouse-server clickhouse-client
set -euo pipefail

ACTION="${1:-}"
DIR="${2:-/tmp/clickhouse-shards}"
HTTP_PORTS=(8124 8125)
TCP_PORTS=(9101 9102)
INTERSERVER_PORTS=(9111 9112)
START_TIMEOUT_S="${CLICKHOUSE_START_TIMEOUT_S:-60}"

die() {
  echo "clickhouse-shards: $*" >&2
  exit 1
}

# The server binary; Debian puts it in /usr/sbin, which a non-login shell may not have on PATH.
server_bin() {
  command -v clickhouse-server || { [ -x /usr/sbin/clickhouse-server ] && echo /usr/sbin/clickhouse-server; } ||
    die "no se encuentra clickhouse-server (instálelo: apt-get install -y clickhouse-server clickhouse-client)"
}

# Whether the process in a pid file is alive.
running() {
  local pidfile="$1"
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

# A minimal configuration of our own (not a copy of /etc's): loopback only, its own folders and ports, the
# cluster, and users that may connect from loopback alone with no password.
write_config() {
  local n="$1" home="$2"
  local remote=""
  for port in "${TCP_PORTS[@]}"; do
    remote+="<shard><replica><host>127.0.0.1</host><port>${port}</port></replica></shard>"
  done
  cat >"$home/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$home/log/server.log</log>
    <errorlog>$home/log/server.err.log</errorlog>
    <size>100M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${HTTP_PORTS[$n]}</http_port>
  <tcp_port>${TCP_PORTS[$n]}</tcp_port>
  <interserver_http_port>${INTERSERVER_PORTS[$n]}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <path>$home/data/</path>
  <tmp_path>$home/tmp/</tmp_path>
  <user_files_path>$home/user_files/</user_files_path>
  <format_schema_path>$home/format_schemas/</format_schema_path>
  <users_config>$home/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <max_concurrent_queries>100</max_concurrent_queries>
  <mark_cache_size>536870912</mark_cache_size>
  <uncompressed_cache_size>536870912</uncompressed_cache_size>
  <remote_servers><two>${remote}</two></remote_servers>
</yandex>
XML
  cat >"$home/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
    <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
XML
}

answers() {
  curl -fsS --max-time 2 "http://127.0.0.1:$1/?query=SELECT%201" 2>/dev/null | grep -qx 1
}

start() {
  local bin
  bin="$(server_bin)"
  mkdir -p "$DIR"
  for n in 0 1; do
    local home="$DIR/shard$((n + 1))"
    local pidfile="$home/server.pid"
    if running "$pidfile"; then
      echo "shard $((n + 1)): ya en marcha (pid $(cat "$pidfile"))"
      continue
    fi
    if answers "${HTTP_PORTS[$n]}"; then
      die "el puerto ${HTTP_PORTS[$n]} ya responde y no es de este directorio ($DIR): deténgalo primero"
    fi
    mkdir -p "$home"/{log,data,tmp,user_files,format_schemas}
    write_config "$n" "$home"
    # setsid: the server outlives this script and a Ctrl-C in the caller's terminal.
    setsid "$bin" --config-file="$home/config.xml" >"$home/log/stdout.log" 2>&1 </dev/null &
    echo $! >"$pidfile"
  done
  local deadline=$((SECONDS + START_TIMEOUT_S))
  for n in 0 1; do
    local home="$DIR/shard$((n + 1))"
    until answers "${HTTP_PORTS[$n]}"; do
      if ! running "$home/server.pid"; then
        tail -n 20 "$home/log/server.err.log" "$home/log/stdout.log" >&2 2>/dev/null || true
        die "shard $((n + 1)) terminó al arrancar (registro en $home/log)"
      fi
      if [ "$SECONDS" -ge "$deadline" ]; then
        die "shard $((n + 1)) no respondió a SELECT 1 en ${START_TIMEOUT_S} s (puerto ${HTTP_PORTS[$n]}; registro en $home/log)"
      fi
      sleep 0.2
    done
    echo "shard $((n + 1)): http://127.0.0.1:${HTTP_PORTS[$n]} (pid $(cat "$home/server.pid"))"
  done
}

stop() {
  for n in 0 1; do
    local home="$DIR/shard$((n + 1))"
    local pidfile="$home/server.pid"
    if ! running "$pidfile"; then
      rm -f "$pidfile"
      continue
    fi
    local pid
    pid="$(cat "$pidfile")"
    kill "$pid"
    # A clean stop takes a second or two; past ten, the process is killed outright.
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    rm -f "$pidfile"
    echo "shard $((n + 1)): detenido (pid $pid)"
  done
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  *) die "uso: scripts/clickhouse-shards.sh start|stop [DIR]" ;;
esac
