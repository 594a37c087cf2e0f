#!/usr/bin/env bash
# A three-node RabbitMQ cluster on loopback ports for tests and benchmarks (docs/decisions/090-…).
# Usage: local-cluster.sh start|stop|status|mqtt-log [LINES]|start-node N|kill-node N   (N = 1, 2 or 3)
# NODES (default "1 2 3") names the nodes of the cluster: "1" is a single node of the same configuration.
# Environment: CLUSTER_DIR (state, logs; default /tmp/cbm-rabbit), PORT_BASE (default 18870: AMQP PORT_BASE+N,
# MQTT PORT_BASE+10+N, Erlang distribution PORT_BASE+20+N, management API PORT_BASE+24+N, epmd PORT_BASE+29;
# never RabbitMQ's standard ports), CBM_AUTH_URL (CBM's base URL for
# rabbitmq_auth_backend_http, e.g. http://broker:secret@127.0.0.1:3000/api/v2/broker-auth; unset: internal users only).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${CLUSTER_DIR:-/tmp/cbm-rabbit}"
base="${PORT_BASE:-18870}"
nodes="${NODES:-1 2 3}"
export ERL_EPMD_PORT=$((base + 29)) ERL_EPMD_ADDRESS=127.0.0.1 HOME="$dir"
export RABBITMQ_CTL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
# Debian's /usr/sbin wrappers switch to the rabbitmq user and its home (another cookie): call the tools directly.
export PATH="/usr/lib/rabbitmq/bin:$PATH"

node_env() {
  local n=$1
  export RABBITMQ_NODENAME="cbm$n@localhost" RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 RABBITMQ_NODE_PORT=$((base + n))
  export RABBITMQ_DIST_PORT=$((base + 20 + n)) RABBITMQ_MNESIA_BASE="$dir/node$n/mnesia" RABBITMQ_LOG_BASE="$dir/node$n/log"
  export RABBITMQ_CONFIG_FILE="$dir/node$n/rabbitmq.conf" RABBITMQ_ENABLED_PLUGINS_FILE="$dir/node$n/enabled_plugins"
  export RABBITMQ_PID_FILE="$dir/node$n/pid" RABBITMQ_SERVER_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
  export RABBITMQ_ADVANCED_CONFIG_FILE="$dir/node$n/advanced.config"
}

configure() {
  local n=$1
  mkdir -p "$dir/node$n/mnesia" "$dir/node$n/log"
  {
    sed -e "s/@AMQP_PORT@/$((base + n))/; s/@MQTT_PORT@/$((base + 10 + n))/" \
      -e "s/@MANAGEMENT_PORT@/$((base + 24 + n))/" "$here/rabbitmq.conf"
    for m in $nodes; do echo "cluster_formation.classic_config.nodes.$m = cbm$m@localhost"; done
    if [ -n "${CBM_AUTH_URL:-}" ]; then
      echo "auth_backends.2 = http"
      for kind in user vhost resource topic; do echo "auth_http.${kind}_path = $CBM_AUTH_URL/$kind"; done
    fi
  } >"$dir/node$n/rabbitmq.conf"
  cp "$here/enabled_plugins" "$dir/node$n/enabled_plugins"
  echo "[]." >"$dir/node$n/advanced.config"
}

start_node() {
  local n=$1
  node_env "$n"
  configure "$n"
  rabbitmq-server >"$dir/node$n/log/stdout" 2>&1 &
}

wait_node() {
  node_env "$1"
  local deadline=$((SECONDS + ${START_TIMEOUT:-540}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    rabbitmqctl -n "$RABBITMQ_NODENAME" -q await_startup --timeout 5 >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "node cbm$1 did not start: see $dir/node$1/log" >&2
  return 1
}

case "${1:-}" in
start)
  mkdir -p "$dir"
  [ -f "$dir/.erlang.cookie" ] || { head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9 >"$dir/.erlang.cookie"; chmod 400 "$dir/.erlang.cookie"; }
  # One after another: RabbitMQ 3.10's MQTT plugin forms its client-ID tracker (a Raft cluster) at boot, and nodes
  # booting together can each form one or add themselves at once, leaving a node that refuses every MQTT connection.
  for n in $nodes; do start_node "$n"; wait_node "$n"; done
  node_env 1
  rabbitmqctl -n cbm1@localhost add_user cbm-ingest "${CBM_INGEST_PASSWORD:-cbm-ingest}" >/dev/null 2>&1 || true
  rabbitmqctl -n cbm1@localhost set_permissions cbm-ingest '.*' '.*' '.*' >/dev/null
  rabbitmqctl -n cbm1@localhost set_user_tags cbm-ingest administrator >/dev/null
  ;;
start-node) start_node "$2"; wait_node "$2" ;;
kill-node) kill -KILL "$(cat "$dir/node$2/pid")" ;;
status) node_env 1; rabbitmqctl -n cbm1@localhost cluster_status ;;
mqtt-log) grep -h "MQTT" "$dir"/node*/log/cbm*@localhost.log | tail -n "${2:-40}" ;;
stop)
  # Every node of this cluster, also one still starting (no pid file yet): its command line names $dir.
  for pid in $(pgrep -f -- "-home $dir "); do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 1 # the nodes' registrations end with their sockets
  epmd -kill >/dev/null 2>&1 || true
  ;;
*) echo "usage: $0 start|stop|status|mqtt-log [LINES]|start-node N|kill-node N" >&2; exit 2 ;;
esac
