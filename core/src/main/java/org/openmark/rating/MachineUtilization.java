package org.openmark.rating;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU and disk utilization of this machine between two readings of /proc (Linux), for the
 * delta analyzer: when the store runs on this machine, agreeing throughput is not enough, its
 * resource use must settle too. Empty on systems without /proc.
 */
final class MachineUtilization {
    private final long cpuTotal;
    private final long cpuIdle;
    private final long ioMillis;
    private final long wallMillis;

    private MachineUtilization(long cpuTotal, long cpuIdle, long ioMillis, long wallMillis) {
        this.cpuTotal = cpuTotal;
        this.cpuIdle = cpuIdle;
        this.ioMillis = ioMillis;
        this.wallMillis = wallMillis;
    }

    /** A reading now, or null when /proc cannot be read. */
    static MachineUtilization read(long wallMillis) {
        try {
            String cpu = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = cpu.trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
            long io = 0;
            List<String> disks = Files.readAllLines(Path.of("/proc/diskstats"));
            for (String line : disks) {
                String[] d = line.trim().split("\\s+");
                // Whole devices only (vda, sda, nvme0n1), not partitions or loop devices.
                if (d.length > 12 && d[2].matches("(sd[a-z]+|vd[a-z]+|xvd[a-z]+|nvme\\d+n\\d+)")) {
                    io = Math.max(io, Long.parseLong(d[12]));
                }
            }
            return new MachineUtilization(total, idle, io, wallMillis);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {cpu, disk} busy fractions in [0, 1] from {@code before} to this reading. */
    Map<String, Double> since(MachineUtilization before) {
        Map<String, Double> m = new LinkedHashMap<>();
        long total = cpuTotal - before.cpuTotal;
        if (total > 0) {
            m.put("cpu", clamp(1.0 - (cpuIdle - before.cpuIdle) / (double) total));
        }
        long wall = wallMillis - before.wallMillis;
        if (wall > 0) {
            m.put("disk", clamp((ioMillis - before.ioMillis) / (double) wall));
        }
        return m;
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
