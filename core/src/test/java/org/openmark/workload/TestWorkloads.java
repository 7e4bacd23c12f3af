package org.openmark.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.openmark.api.Clock;
import org.openmark.config.Settings;

/** Builds core workloads from property pairs for tests. */
final class TestWorkloads {
    private TestWorkloads() {
    }

    static Settings settings(String... pairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Settings.of(m);
    }

    static CoreWorkload core(String... pairs) {
        return core(Clock.system(), OptionalLong.empty(), pairs);
    }

    static CoreWorkload core(Clock clock, OptionalLong operationCount, String... pairs) {
        return new CoreWorkload(CoreWorkloadConfig.from(settings(pairs)), clock, operationCount);
    }

    /** Loads every record of {@code w} into {@code session} with one client. */
    static void load(CoreWorkload w, MapSession session, long seed) {
        WorkloadClient c = w.newClient(0, 1, seed);
        for (Operation op = c.nextLoadOperation(); op != null; op = c.nextLoadOperation()) {
            op.execute(session);
        }
    }
}
