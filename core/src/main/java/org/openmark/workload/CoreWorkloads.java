package org.openmark.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/** YCSB's core workload, by openmark's name and YCSB's class names (so YCSB property files work unchanged). */
public final class CoreWorkloads implements WorkloadProvider {
    @Override
    public Map<String, Workloads.Factory> workloads() {
        Workloads.Factory core = (settings, clock, operationCount) -> {
            CoreWorkloadConfig.requireRecordCount(settings);
            return new CoreWorkload(CoreWorkloadConfig.from(settings), clock, operationCount);
        };
        Map<String, Workloads.Factory> m = new LinkedHashMap<>();
        m.put(Workloads.DEFAULT, core);
        m.put("site.ycsb.workloads.CoreWorkload", core);
        m.put("com.yahoo.ycsb.workloads.CoreWorkload", core);
        return m;
    }
}
