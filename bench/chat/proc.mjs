// What the chat bench reads about processes from /proc (Linux): resident memory and CPU time of
// one process, and where the whole machine's CPU went over an interval (the machine is shared,
// so the bench reports how much of it other work took while it measured).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Resident set size of `pid` in bytes (VmRSS). */
export function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** `{ comm, ticks }` of one process (user + system CPU time in clock ticks), or null. */
function readStat(pid) {
  let raw;
  try {
    raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = raw.lastIndexOf(')');
  const comm = raw.slice(raw.indexOf('(') + 1, close);
  // After "pid (comm) ": field 3 (state) is index 0, so utime (14) and stime (15) are 11, 12.
  const fields = raw.slice(close + 2).split(' ');
  return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Read and write system calls of one process so far (/proc/<pid>/io), and context switches. */
function readIo(pid) {
  try {
    const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (text, name) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return {
      syscr: field(io, 'syscr'),
      syscw: field(io, 'syscw'),
      ctxSwitches:
        field(status, 'voluntary_ctxt_switches') + field(status, 'nonvoluntary_ctxt_switches'),
    };
  } catch {
    return null;
  }
}

function snapshot(ioPids = []) {
  const procs = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat) procs.set(Number(name), stat);
  }
  const io = new Map();
  for (const pid of ioPids) {
    const counters = readIo(pid);
    if (counters) io.set(pid, counters);
  }
  const cpu = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal
  const idle = cpu[3] + (cpu[4] ?? 0);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { at: performance.now(), procs, io, idle, total };
}

/**
 * Starts measuring CPU (and system calls of `ioPids`). `stop(groups)` answers, over the interval, each group's CPU in % of one
 * core (`groups`: name -> pid list, plus 'postgres' for every process named postgres and
 * 'other' for the rest, with the busiest other commands named), and the machine's busy share.
 */
export function startCpuMeter(ioPids = []) {
  const first = snapshot(ioPids);
  return {
    stop(groups) {
      const last = snapshot(Object.values(groups).flat());
      const seconds = (last.at - first.at) / 1000;
      const pct = (ticks) => Math.round((ticks / CLK_TCK / seconds) * 1000) / 10;
      const byPid = new Map();
      for (const [name, pids] of Object.entries(groups))
        for (const pid of pids) byPid.set(pid, name);
      const sums = Object.fromEntries(Object.keys(groups).map((g) => [g, 0]));
      sums.postgres = 0;
      sums.other = 0;
      const others = new Map();
      for (const [pid, stat] of last.procs) {
        const ticks = stat.ticks - (first.procs.get(pid)?.ticks ?? 0);
        if (ticks <= 0) continue;
        const group = byPid.get(pid) ?? (stat.comm === 'postgres' ? 'postgres' : 'other');
        sums[group] += ticks;
        if (group === 'other') others.set(stat.comm, (others.get(stat.comm) ?? 0) + ticks);
      }
      const total = last.total - first.total;
      const busy = total - (last.idle - first.idle);
      // System calls per group (a process that appeared meanwhile counts from zero): on
      // loopback each query, answer and socket frame is a read or a write.
      const io = {};
      for (const [name, pids] of Object.entries(groups)) {
        const sum = { syscr: 0, syscw: 0, ctxSwitches: 0 };
        for (const pid of pids) {
          const end = last.io.get(pid);
          if (!end) continue;
          const start = first.io.get(pid) ?? { syscr: 0, syscw: 0, ctxSwitches: 0 };
          for (const key of Object.keys(sum)) sum[key] += end[key] - start[key];
        }
        io[name] = sum;
      }
      return {
        seconds: Math.round(seconds * 10) / 10,
        syscalls: io,
        cpuPercentOfOneCore: Object.fromEntries(Object.entries(sums).map(([g, t]) => [g, pct(t)])),
        busiestOther: [...others.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([comm, t]) => `${comm} ${pct(t)}%`),
        machineBusyPercent: total > 0 ? Math.round((busy / total) * 1000) / 10 : null,
      };
    },
  };
}

/** CPU time of one process in seconds (for a share over an interval the caller measures). */
export function cpuSeconds(pid) {
  const stat = readStat(pid);
  return stat ? stat.ticks / CLK_TCK : 0;
}
