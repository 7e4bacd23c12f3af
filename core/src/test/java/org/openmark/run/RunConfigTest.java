package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.testing.Derivations.typedValues;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.load.RateSchedule;
import org.openmark.testing.TestConfigs;

/**
 * A {@code with…} copy of a run's configuration changes what it names, checks it as the parser
 * would, and records it: its recorded properties resolve to the same configuration again (which
 * is what a result records and what a cluster's workers run).
 */
class RunConfigTest {

    @Test
    void withThreads_closedRun_changesTheThreadsAndRecordsThem() {
        RunConfig base = TestConfigs.run("model", "closed", "threadcount", "2", "duration", "10s");

        RunConfig eight = base.withThreads(8);

        assertEquals(new Model.Closed(8, 0, Duration.ZERO), eight.model());
        assertEquals("8", eight.recordedProperties().get("threadcount"));
        assertEquals("2", eight.settings().asMap().get("threadcount"), "the settings stay what was given");
        assertEquals(new Model.Closed(2, 0, Duration.ZERO), base.model(), "the original is unchanged");
        assertEquals(base.settings().asMap(), base.recordedProperties());
    }

    @Test
    void withRatePerSec_openRun_constantScheduleRecordedAsTheUserWritesIt() {
        RunConfig base = TestConfigs.run("rate", "100", "duration", "10s");

        assertEquals(new RateSchedule.Constant(250), ((Model.Open) base.withRatePerSec(250).model()).schedule());
        assertEquals("250", base.withRatePerSec(250).recordedProperties().get("rate"));
        assertEquals("2.5", base.withRatePerSec(2.5).recordedProperties().get("rate"));
    }

    @Test
    void withDuration_recordedInMilliseconds() {
        RunConfig base = TestConfigs.run("model", "closed", "duration", "10s", "warmup", "1s");

        RunConfig longer = base.withDuration(Duration.ofMillis(12_500));

        assertEquals(Duration.ofMillis(12_500), longer.duration());
        assertEquals("12500ms", longer.recordedProperties().get("duration"));
        assertEquals("10s", longer.settings().asMap().get("duration"));
    }

    @Test
    void recordedProperties_ofWithCopies_resolveToTheSameConfiguration() {
        List<RunConfig> copies = List.of(
                TestConfigs.run("model", "closed", "threadcount", "2", "duration", "10s", "warmup", "1s")
                        .withThreads(8).withDuration(Duration.ofMillis(3500)),
                TestConfigs.run("rate", "1", "arrival", "constant", "duration", "10s", "warmup", "2s")
                        .withRatePerSec(2.5).withDuration(Duration.ofSeconds(4)),
                TestConfigs.run("model", "closed", "threadcount", "4", "share", "2/2", "operationcount", "100")
                        .withThreads(6).withShare(org.openmark.load.Share.WHOLE));
        for (RunConfig copy : copies) {
            RunConfig again = RunConfigParser.parse(copy.phase(), Settings.of(copy.recordedProperties()),
                    copy.output().outDir(), copy.output().quiet());

            assertEquals(typedValues(copy), typedValues(again), copy.recordedProperties()::toString);
        }
    }

    @Test
    void withThreads_outOfRange_theParsersErrorNamingThreadcount() {
        RunConfig base = TestConfigs.run("model", "closed", "threadcount", "4", "duration", "10s");
        RunConfig shared = TestConfigs.run("model", "closed", "threadcount", "4", "duration", "10s", "share", "2/2");

        assertEquals(parseError("model", "closed", "threadcount", "0", "duration", "10s"),
                assertThrows(ConfigException.class, () -> base.withThreads(0)).getMessage());
        assertEquals(parseError("model", "closed", "threadcount", "1", "duration", "10s", "share", "2/2"),
                assertThrows(ConfigException.class, () -> shared.withThreads(1)).getMessage());
    }

    @Test
    void withRatePerSec_outOfRange_theParsersErrorNamingRate() {
        RunConfig base = TestConfigs.run("rate", "100", "duration", "10s");

        assertEquals(parseError("rate", "0", "duration", "10s"),
                assertThrows(ConfigException.class, () -> base.withRatePerSec(0)).getMessage());
        assertEquals(parseError("rate", "200000000", "duration", "10s"),
                assertThrows(ConfigException.class, () -> base.withRatePerSec(2e8)).getMessage());
    }

    @Test
    void withDuration_noLimitOrNotLongerThanTheWarmup_theParsersError() {
        RunConfig base = TestConfigs.run("model", "closed", "duration", "10s", "warmup", "2s");

        assertEquals(parseError("model", "closed", "duration", "2s", "warmup", "2s"),
                assertThrows(ConfigException.class, () -> base.withDuration(Duration.ofSeconds(2))).getMessage());
        assertEquals(parseError("model", "closed", "duration", "0ms", "warmup", "2s"),
                assertThrows(ConfigException.class, () -> base.withDuration(Duration.ZERO)).getMessage());
    }

    @Test
    void loadLevelOfTheOtherModel_isAProgrammingErrorNotAnOptionIgnored() {
        RunConfig open = TestConfigs.run("rate", "100", "duration", "10s");
        RunConfig closed = TestConfigs.run("model", "closed", "duration", "10s");
        RunConfig ramp = TestConfigs.run("rate.schedule", "ramp:100..200 over 10s");

        assertThrows(IllegalStateException.class, () -> open.withThreads(4));
        assertThrows(IllegalStateException.class, () -> closed.withRatePerSec(100));
        assertThrows(IllegalStateException.class, () -> ramp.withRatePerSec(100));
    }

    @Test
    void forLoad_isWhatTheParserResolvesForTheLoadPhase() {
        List<Map<String, String>> cases = List.of(
                Map.of("seed", "1", "threadcount", "8", "target", "500", "thinktime", "2ms", "operationcount", "1000"),
                Map.of("seed", "2", "rate", "300", "arrival", "constant", "maxinflight", "7", "onoverload", "drop",
                        "duration", "30s", "warmup", "5s", "grace", "1s", "maxsendlag", "3ms", "recordcount", "10"),
                Map.of("seed", "3", "rate.schedule", "ramp:100..200 over 10s", "share", "2/3", "maxerrorrate", "5%",
                        "hdrhistogram.percentiles", "50,99", "time", "virtual", "loadstalltimeout", "3s"),
                Map.of("seed", "4", "model", "closed", "duration", "1m", "autoload", "false", "status.interval", "2",
                        "timeseries.granularity", "250", "maxstall", "20%"));
        for (Map<String, String> properties : cases) {
            Settings s = Settings.of(properties);
            RunConfig run = RunConfigParser.parse(Phase.RUN, s, Path.of("out"), false);

            assertEquals(RunConfigParser.parse(Phase.LOAD, s, null, true), run.forLoad(), properties::toString);
            assertEquals(run.forLoad(), run.forLoad().forLoad(), "a load phase is its own load phase");
        }
    }

    @Test
    void forLoad_ofAnExperiment_isTheLoadPhaseOfItsRecordedProperties() {
        RunConfig experiment = TestConfigs.run("model", "closed", "threadcount", "1", "duration", "10s")
                .withThreads(8).withDuration(Duration.ofSeconds(3));

        RunConfig again = RunConfigParser.parse(Phase.LOAD, Settings.of(experiment.recordedProperties()), null, true);

        assertEquals(typedValues(again), typedValues(experiment.forLoad()));
        assertEquals(new Model.Closed(8, 0, Duration.ZERO), experiment.forLoad().model());
    }

    @Test
    void model_holdsOnlyItsOwnOptions_andTheLoadPhaseIsClosed() {
        RunConfig open = TestConfigs.run("rate", "300", "arrival", "constant", "maxinflight", "7", "duration", "10s");
        RunConfig closed = TestConfigs.run("threadcount", "4", "target", "100", "thinktime", "2ms", "duration", "10s");

        assertEquals(new Model.Open(new org.openmark.load.ArrivalProcess.Constant(), new RateSchedule.Constant(300), 7,
                Defaults.ON_OVERLOAD), open.model());
        assertEquals(new Model.Closed(4, 100, Duration.ofMillis(2)), closed.model());
        assertTrue(closed.pacedClosedRun());
        assertFalse(open.pacedClosedRun());
        assertFalse(closed.forLoad().pacedClosedRun(), "a load phase is not a paced run");
        assertEquals(Model.Closed.DEFAULT, open.forLoad().model(), "an open run loads with YCSB's one thread");
        assertEquals(closed.model(), closed.forLoad().model(), "a closed run loads with its own threads and pacing");
    }

    @Test
    void forLoad_seedChosen_keepsTheRunsSeed() {
        RunConfig run = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("duration", "10s")), null, true);

        assertTrue(run.seedChosen());
        assertEquals(run.seed(), run.forLoad().seed());
    }

    @Test
    void parse_nothingGiven_everyDefaultIsTheConstant() {
        RunConfig open = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("duration", "10s")), null, true);
        RunConfig closed = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("duration", "10s", "model", "closed")),
                null, true);

        assertEquals(Defaults.STORE, open.store());
        assertEquals(new Model.Open(Defaults.ARRIVAL, new RateSchedule.Constant(Defaults.RATE_PER_SEC),
                Defaults.MAX_IN_FLIGHT, Defaults.ON_OVERLOAD), open.model());
        assertEquals(new Model.Closed(Defaults.THREADS, Defaults.TARGET_PER_SEC, Defaults.THINK_TIME), closed.model());
        assertEquals(Model.Closed.DEFAULT, closed.model());
        assertEquals(Defaults.WARMUP, open.warmup());
        assertEquals(Duration.ofSeconds(Defaults.STATUS_INTERVAL_SECONDS), open.output().statusInterval());
        assertEquals(Duration.ofMillis(Defaults.GRANULARITY_MILLIS), open.granularity());
        assertEquals(Defaults.GRACE, open.grace());
        assertEquals(Defaults.PERCENTILES, open.output().percentiles());
        assertEquals(Defaults.AUTO_LOAD, open.autoLoad());
        assertEquals(Defaults.MAX_ERROR_RATE, open.thresholds().maxErrorRate());
        assertEquals(Defaults.MAX_STALL, open.thresholds().maxStall());
        assertEquals(Defaults.MAX_SEND_LAG, open.thresholds().maxSendLag());
        assertEquals(Defaults.LOAD_STALL_TIMEOUT, open.loadStallTimeout());
    }

    /** The message of the parser's error for these properties (seed 42, as {@link TestConfigs}). */
    private static String parseError(String... pairs) {
        return assertThrows(ConfigException.class, () -> TestConfigs.run(pairs)).getMessage();
    }
}
