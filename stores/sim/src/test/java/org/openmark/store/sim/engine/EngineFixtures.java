package org.openmark.store.sim.engine;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/** Small configurations with hand-checkable numbers. */
final class EngineFixtures {
    static final long MS = 1_000_000L;
    static final String T = "usertable";

    private EngineFixtures() {
    }

    static Distribution constMs(long ms) {
        return new Distribution.Constant(ms * MS);
    }

    /**
     * Primary (latency 1 ms), secondary-1 (latency 2 ms, replication 10 ms), secondary-2
     * (latency 3 ms, replication 30 ms); all unlimited.
     */
    static SimConfig threeNodes(ReadPreference pref, int w) {
        return new SimConfig(List.of(
                new NodeSpec("primary", constMs(1), NodeSpec.ZERO, 0, List.of()),
                new NodeSpec("s1", constMs(2), constMs(10), 0, List.of()),
                new NodeSpec("s2", constMs(3), constMs(30), 0, List.of())),
                pref, w, 42, SimConfig.DEFAULT_MAX_FRAME_BYTES, 1000);
    }

    /** One primary with the given latency, λmax and hiccups. */
    static SimConfig primaryOnly(Distribution latency, double maxOps, List<Hiccup> hiccups) {
        return new SimConfig(List.of(new NodeSpec("primary", latency, NodeSpec.ZERO, maxOps, hiccups)),
                ReadPreference.PRIMARY, 1, 42, SimConfig.DEFAULT_MAX_FRAME_BYTES, 1000);
    }

    static Map<String, byte[]> value(String field, String text) {
        return Map.of(field, text.getBytes(StandardCharsets.UTF_8));
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    static SimReply.OpReply op(SimReply r) {
        return (SimReply.OpReply) r;
    }
}
