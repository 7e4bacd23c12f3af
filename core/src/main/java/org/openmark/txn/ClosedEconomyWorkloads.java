package org.openmark.txn;

import java.util.LinkedHashMap;
import java.util.Map;
import org.openmark.workload.WorkloadProvider;
import org.openmark.workload.Workloads;

/** YCSB+T's closed economy workload, by openmark's name and YCSB+T's class name. */
public final class ClosedEconomyWorkloads implements WorkloadProvider {
    @Override
    public Map<String, Workloads.Factory> workloads() {
        Workloads.Factory economy = EconomyConfig::parse;
        Map<String, Workloads.Factory> m = new LinkedHashMap<>();
        m.put(ClosedEconomyWorkload.NAME, economy);
        m.put(ClosedEconomyWorkload.YCSB_CLASS_NAME, economy);
        return m;
    }
}
