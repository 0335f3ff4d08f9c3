#!/usr/bin/env bash
# Opt-in check (not part of `npm test`) that the Slurm job-array recipe of docs/sweeps.md works for real:
# installs Debian's Slurm and MUNGE packages when missing (needs root), starts a private MUNGE daemon, a one-node
# Slurm controller and node daemon on localhost (own ports, own state directory), submits the documented job array
# over a sharded sweep, merges the shards as the docs say and checks that the merged CSV equals the single-machine sweep.
# Idempotent: daemons left by an earlier run are stopped first; everything it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

STATE=${ASYMLAB_SLURM_DIR:-/tmp/asymlab-slurm-smoke}
SHARDS=${SLURM_SMOKE_SHARDS:-4}
# A small grid of the pbs-fig5 figure: two methods, two seeds, every configuration and workload of the figure.
SWEEP_ARGS=(--figure pbs-fig5 --schedulers pbs,linux --seeds 1-2)
NODE=$(hostname -s)

stop_daemons() {
  for name in slurmd slurmctld munged; do
    local pidfile="$STATE/$name.pid"
    if [[ -f "$pidfile" ]]; then
      local pid
      pid=$(cat "$pidfile")
      if kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
      fi
      rm -f "$pidfile"
    fi
  done
}

if [[ $(id -u) -ne 0 ]]; then
  echo "slurm-smoke: run as root (it installs packages and starts daemons)" >&2
  exit 2
fi

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  log "installing slurmctld slurmd slurm-client munge (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
fi
[[ -x "$CARGO_TARGET/release/asymlab" ]] || cargo build --release -p engine --bin asymlab
CLI="$(cd "$CARGO_TARGET/release" && pwd)/asymlab"

stop_daemons
rm -rf "$STATE"
mkdir -p "$STATE"/{spool,ctld,logs,out,munge}
chmod 700 "$STATE/munge"
trap 'stop_daemons' EXIT

log "starting munged (private key and socket in $STATE/munge)"
dd if=/dev/urandom of="$STATE/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$STATE/munge/munge.key"
munged --force --key-file="$STATE/munge/munge.key" --socket="$STATE/munge/munge.socket" \
  --pid-file="$STATE/munged.pid" --log-file="$STATE/munge/munged.log" --seed-file="$STATE/munge/munged.seed"

cat > "$STATE/slurm.conf" <<EOF
ClusterName=asymlab-smoke
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
SlurmctldPort=${SLURM_SMOKE_CTLD_PORT:-6917}
SlurmdPort=${SLURM_SMOKE_SLURMD_PORT:-6918}
AuthType=auth/munge
AuthInfo=socket=$STATE/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/logs/slurmctld.log
SlurmdLogFile=$STATE/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
NodeName=$NODE CPUs=$(nproc) State=UNKNOWN
PartitionName=smoke Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$STATE/slurm.conf"

log "starting slurmctld and slurmd (ports ${SLURM_SMOKE_CTLD_PORT:-6917}/${SLURM_SMOKE_SLURMD_PORT:-6918})"
slurmctld -i
slurmd
for _ in $(seq 120); do
  if sinfo -h -N -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then break; fi
  sleep 0.5
done
sinfo -h -N -o '%N %T' | grep -Eq 'idle|mixed|allocated' || {
  echo "slurm-smoke: the node never became idle; logs in $STATE/logs" >&2
  sinfo -N >&2 || true
  exit 1
}

# The recipe of docs/sweeps.md ("Slurm job array"), with this grid and $SHARDS shards.
cat > "$STATE/sweep.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=asymlab-sweep
#SBATCH --array=1-$SHARDS
#SBATCH --cpus-per-task=1
#SBATCH --time=00:30:00
#SBATCH --output=logs/%A_%a.err
# One shard per array task; every task writes its own CSV without a header.
srun $CLI sweep ${SWEEP_ARGS[*]} \\
  --shard "\${SLURM_ARRAY_TASK_ID}/\${SLURM_ARRAY_TASK_COUNT}" \\
  --no-header --out "out/shard-\${SLURM_ARRAY_TASK_ID}.csv"
EOF

log "sbatch --wait: $SHARDS array tasks"
(cd "$STATE" && sbatch --wait sweep.sbatch)

# Merging, as docs/sweeps.md says.
(
  cd "$STATE"
  "$CLI" sweep "${SWEEP_ARGS[@]}" --shard 1/1000000 2>/dev/null | head -1 > merged.csv
  cat out/shard-*.csv | sort -t, -k1,1n >> merged.csv
)
"$CLI" sweep "${SWEEP_ARGS[@]}" --out "$STATE/single.csv" 2>/dev/null
shards_written=$(ls "$STATE"/out/shard-*.csv 2>/dev/null | wc -l)
if [[ "$shards_written" -ne "$SHARDS" ]]; then
  echo "slurm-smoke: $shards_written of $SHARDS shards written; logs in $STATE/logs" >&2
  exit 1
fi
if cmp -s "$STATE/merged.csv" "$STATE/single.csv"; then
  log "ok: $SHARDS Slurm array tasks, merged CSV ($(($(wc -l < "$STATE/merged.csv") - 1)) cells) identical to the single-machine sweep"
else
  echo "slurm-smoke: merged CSV differs from the single-machine sweep" >&2
  diff "$STATE/merged.csv" "$STATE/single.csv" | head -20 >&2
  exit 1
fi
