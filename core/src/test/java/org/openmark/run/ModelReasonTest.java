package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/** The model a run's properties choose, and why: YCSB's form keeps YCSB's closed model unless a rate is asked for. */
class ModelReasonTest {

    private static RunConfig run(String form, String... pairs) {
        Map<String, String> m = new HashMap<>(Map.of("operationcount", "100", "recordcount", "10"));
        if (form != null) {
            m.put(RunProperties.COMMAND_FORM, form);
        }
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunConfigParser.parse(Phase.RUN, Settings.of(m), null, true);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("ycsb", new String[] {}, ModelChoice.CLOSED, ModelReason.YCSB_FORM),
                Arguments.of("ycsb", new String[] {"rate", "500"}, ModelChoice.OPEN, ModelReason.YCSB_FORM_RATE),
                Arguments.of("ycsb", new String[] {"rate.schedule", "steps:100,200 every 1s"}, ModelChoice.OPEN,
                        ModelReason.YCSB_FORM_RATE),
                Arguments.of("ycsb", new String[] {"arrival", "constant"}, ModelChoice.OPEN,
                        ModelReason.YCSB_FORM_RATE),
                Arguments.of("ycsb", new String[] {"threadcount", "4"}, ModelChoice.CLOSED, ModelReason.CLOSED_FLAGS),
                Arguments.of("ycsb", new String[] {"model", "open"}, ModelChoice.OPEN, ModelReason.GIVEN),
                Arguments.of("openmark", new String[] {}, ModelChoice.OPEN, ModelReason.OPENMARK_DEFAULT),
                Arguments.of(null, new String[] {}, ModelChoice.OPEN, ModelReason.OPENMARK_DEFAULT),
                Arguments.of("openmark", new String[] {"target", "100"}, ModelChoice.CLOSED, ModelReason.CLOSED_FLAGS),
                Arguments.of("openmark", new String[] {"model", "closed"}, ModelChoice.CLOSED, ModelReason.GIVEN));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void form_andWhatIsGiven_chooseTheModel(String form, String[] pairs, ModelChoice model, ModelReason reason) {
        RunConfig cfg = run(form, pairs);

        assertEquals(model, cfg.model().choice());
        assertEquals(reason, cfg.output().form().modelReason());
    }

    @Test
    void ycsbForm_closedModelIsYcsbsDefaults_oneUnthrottledThread() {
        assertEquals(Model.Closed.DEFAULT, run("ycsb").model());
    }

    @Test
    void loadPhase_reasonIsTheLoad() {
        RunConfig load = RunConfigParser.parse(Phase.LOAD, Settings.of(Map.of(RunProperties.COMMAND_FORM, "ycsb")),
                null, true);
        assertEquals(ModelReason.LOAD, load.output().form().modelReason());
    }

    @Test
    void measurementInterval_unset_ycsbsOpInYcsbForm_bothForAPacedRunInOpenmarksForm() {
        assertEquals(MeasurementInterval.OP, run("ycsb", "target", "100").output().form().interval());
        assertEquals(MeasurementInterval.BOTH, run("openmark", "target", "100").output().form().interval());
        assertEquals(MeasurementInterval.OP, run("openmark", "threadcount", "2").output().form().interval());
        assertEquals(MeasurementInterval.INTENDED, run("ycsb", "measurement.interval", "Intended").output().form()
                .interval());
    }

    @Test
    void badValues_refusedNamingTheProperty() {
        ConfigException e = assertThrows(ConfigException.class, () -> run("ycsb", "measurement.interval", "all"));
        assertTrue(e.getMessage().startsWith("measurement.interval=all: must be op"), e.getMessage());
        ConfigException form = assertThrows(ConfigException.class, () -> run("yscb"));
        assertTrue(form.getMessage().startsWith("command.form=yscb"), form.getMessage());
    }
}
