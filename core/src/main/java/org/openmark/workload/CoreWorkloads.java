package org.openmark.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/** YCSB's core workload, by openmark's name and YCSB's class names (so YCSB property files work unchanged). */
public final class CoreWorkloads implements WorkloadProvider {
    /** YCSB's class names of the core workload, beside openmark's own name ({@link Workloads#DEFAULT}). */
    private static final java.util.List<String> YCSB_NAMES = java.util.List.of("site.ycsb.workloads.CoreWorkload",
            "com.yahoo.ycsb.workloads.CoreWorkload");

    /** True when {@code name} names the core workload (openmark's name or YCSB's class). */
    public static boolean isCore(String name) {
        return Workloads.DEFAULT.equals(name) || YCSB_NAMES.contains(name);
    }

    @Override
    public Map<String, Workloads.Factory> workloads() {
        Workloads.Factory core = CoreWorkloadConfig::from;
        Map<String, Workloads.Factory> m = new LinkedHashMap<>();
        m.put(Workloads.DEFAULT, core);
        YCSB_NAMES.forEach(n -> m.put(n, core));
        return m;
    }
}
