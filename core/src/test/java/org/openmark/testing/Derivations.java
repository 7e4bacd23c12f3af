package org.openmark.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;

/**
 * The differential check of a configuration derived in typed form against the old way of making it: its
 * parent's properties edited as text and parsed again. Both must be the same configuration: the same
 * typed values (workload and transactions included), the same recorded properties.
 */
public final class Derivations {
    private Derivations() {
    }

    /**
     * {@code derived} records exactly {@code edited}, and is what the parser resolves from them (for its
     * phase, output directory and quietness, which are not properties).
     */
    public static void assertAsParsed(RunConfig derived, Map<String, String> edited) {
        assertEquals(new TreeMap<>(edited), derived.recordedProperties(), "what the derived configuration records");
        RunConfig parsed = RunConfigParser.parse(derived.phase(), Settings.of(edited), derived.output().outDir(),
                derived.output().quiet());
        assertEquals(typedValues(parsed), typedValues(derived), edited::toString);
        assertEquals(parsed.recordedProperties(), derived.recordedProperties());
    }

    /** Deriving fails with the very error the parser gives for {@code edited} in {@code phase}. */
    public static void assertSameError(Phase phase, Map<String, String> edited, Supplier<RunConfig> derive) {
        String parsed = assertThrows(ConfigException.class,
                () -> RunConfigParser.parse(phase, Settings.of(edited), null, true)).getMessage();
        assertEquals(parsed, assertThrows(ConfigException.class, derive::get).getMessage(), edited::toString);
    }

    /** {@code properties} with {@code name, value, …} put in (a null value removes the name). */
    public static Map<String, String> edited(Map<String, String> properties, String... pairs) {
        Map<String, String> m = new TreeMap<>(properties);
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] == null) {
                m.remove(pairs[i]);
            } else {
                m.put(pairs[i], pairs[i + 1]);
            }
        }
        return m;
    }

    /** Every component but the properties it came from and the record of their changes. */
    public static List<String> typedValues(RunConfig c) {
        List<String> values = new ArrayList<>();
        for (RecordComponent rc : RunConfig.class.getRecordComponents()) {
            if (!rc.getName().equals("settings") && !rc.getName().equals("changes")) {
                try {
                    values.add(rc.getName() + "=" + rc.getAccessor().invoke(c));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return values;
    }
}
