package org.openmark.testing;

import java.util.HashMap;
import java.util.Map;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;

/** Run configurations for tests, from property pairs. */
public final class TestConfigs {
    private TestConfigs() {
    }

    /** A run-phase config from {@code name, value, name, value, …} (seed 42, status every hour). */
    public static RunConfig run(String... pairs) {
        Map<String, String> m = new HashMap<>();
        m.put("seed", "42");
        m.put("status.interval", "3600");
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunConfigParser.parse(Phase.RUN, Settings.of(m), null, true);
    }
}
