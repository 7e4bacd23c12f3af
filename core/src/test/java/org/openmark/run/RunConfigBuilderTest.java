package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.testing.Derivations.assertAsParsed;
import static org.openmark.testing.Derivations.assertSameError;
import static org.openmark.testing.Derivations.edited;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.Share;
import org.openmark.testing.FakeClock;
import org.openmark.workload.CoreWorkload;
import org.openmark.workload.CoreWorkloadConfig;

/**
 * A configuration derived in typed form is the configuration the parser resolves from its parent's
 * properties edited as text (the old way), value for value, and records exactly those properties; a
 * derived value that breaks a rule gets the parser's error for it.
 */
class RunConfigBuilderTest {
    private static final Map<String, String> CLOSED = Map.copyOf(edited(Map.of(), "seed", "7", "model", "closed",
            "threadcount", "8", "target", "400", "recordcount", "1000", "operationcount", "5000", "share", "2/3",
            "warmup", "1s", "duration", "20s", "readproportion", "0.5", "updateproportion", "0.5"));
    private static final Map<String, String> OPEN = Map.copyOf(edited(Map.of(), "seed", "7", "rate", "300", "arrival",
            "constant", "maxinflight", "70", "recordcount", "1000", "duration", "20s", "warmup", "2s", "workload",
            "closed_economy", "txn.load", "true"));

    private static RunConfig parse(Phase phase, Map<String, String> properties) {
        return RunConfigParser.parse(phase, Settings.of(properties), null, true);
    }

    @Test
    void parent_nothingTold_isTheParent() {
        RunConfig parent = parse(Phase.RUN, CLOSED);

        assertEquals(parent, RunConfigBuilder.parent(parent).build());
    }

    @Test
    void loadWithThreads_aWorkersShareOfTheThreads_isTheLoadPhaseOfItsPropertiesEdited() {
        RunConfig run = parse(Phase.RUN, CLOSED);

        assertAsParsed(RunConfigBuilder.parent(run).load().threads(3).build(),
                edited(CLOSED, "threadcount", "3"));
        assertAsParsed(RunConfigBuilder.parent(parse(Phase.RUN, OPEN)).load().threads(2).build(),
                edited(OPEN, "threadcount", "2"));
    }

    @Test
    void insertRange_aWorkersPartOfTheKeys_theWorkloadLoadsExactlyThatPart() {
        RunConfig load = parse(Phase.LOAD, CLOSED);

        RunConfig part = RunConfigBuilder.parent(load).load().insertRange(334, 333).threads(3).build();

        assertAsParsed(part, edited(CLOSED, "insertstart", "334", "insertcount", "333", "threadcount", "3"));
        CoreWorkloadConfig core = (CoreWorkloadConfig) part.workload();
        assertEquals(334, core.insertStart());
        CoreWorkload workload = (CoreWorkload) part.workload().create(new FakeClock(), OptionalLong.empty());
        assertEquals(333, workload.loadOperationCount(), "the derived range is what the workload loads");
        assertEquals(1000, workload.config().recordCount());
    }

    @Test
    void insertRange_outsideTheRecords_theParsersErrors() {
        RunConfig load = parse(Phase.LOAD, CLOSED);

        assertSameError(Phase.LOAD, edited(CLOSED, "insertstart", "1000", "insertcount", "1"),
                () -> RunConfigBuilder.parent(load).insertRange(1000, 1).build());
        assertSameError(Phase.LOAD, edited(CLOSED, "insertstart", "-1", "insertcount", "1"),
                () -> RunConfigBuilder.parent(load).insertRange(-1, 1).build());
        assertSameError(Phase.LOAD, edited(CLOSED, "insertstart", "900", "insertcount", "101"),
                () -> RunConfigBuilder.parent(load).insertRange(900, 101).build());
        assertSameError(Phase.LOAD, edited(CLOSED, "insertstart", "900", "insertcount", "0"),
                () -> RunConfigBuilder.parent(load).insertRange(900, 0).build());
    }

    @Test
    void insertRange_anotherWorkload_refusedAsAProgrammingError() {
        RunConfig economy = parse(Phase.LOAD, OPEN);

        assertThrows(IllegalStateException.class, () -> RunConfigBuilder.parent(economy).insertRange(0, 10).build());
    }

    @Test
    void transactions_offAndOn_asTheParserResolvesTxnEnabled() {
        RunConfig economy = parse(Phase.RUN, OPEN);
        assertTrue(economy.transactions().enabled() && economy.transactions().wrapLoad());

        RunConfig without = RunConfigBuilder.parent(economy).transactions(false).build();
        RunConfig with = RunConfigBuilder.parent(without).transactions(true).build();

        assertAsParsed(without, edited(OPEN, "txn.enabled", "false"));
        assertFalse(without.transactions().wrapLoad());
        assertAsParsed(with, edited(OPEN, "txn.enabled", "true"));
        assertTrue(with.transactions().wrapLoad(), "txn.load stays what was given");
    }

    @Test
    void seed_chosenByTheParser_pinnedAsGiven() {
        RunConfig chosen = RunConfigParser.parse(Phase.RUN, Settings.of(Map.of("duration", "10s")), null, true);

        RunConfig pinned = RunConfigBuilder.parent(chosen).seed(chosen.seed()).build();

        assertFalse(pinned.seedChosen());
        assertAsParsed(pinned, Map.of("duration", "10s", "seed", String.valueOf(chosen.seed())));
    }

    @Test
    void statusIntervalAndGranularity_writtenAsYcsbWritesThem() {
        RunConfig run = parse(Phase.RUN, CLOSED);

        RunConfig derived = RunConfigBuilder.parent(run).statusInterval(Duration.ofSeconds(3))
                .granularity(Duration.ofMillis(250)).build();

        assertAsParsed(derived, edited(CLOSED, "status.interval", "3", "timeseries.granularity", "250"));
    }

    @Test
    void modelChange_closedToOpen_theOpenModelsDefaultsAndTheParentsOwnOptionsRefused() {
        Map<String, String> common = Map.of("seed", "1", "recordcount", "10", "operationcount", "100");
        RunConfig base = parse(Phase.RUN, common);

        RunConfig closed = RunConfigBuilder.parent(base).model(ModelChoice.CLOSED).threads(4).targetPerSec(250).build();

        assertAsParsed(closed, edited(common, "model", "closed", "threadcount", "4", "target", "250"));
        assertSameError(Phase.RUN, edited(common, "model", "open", "threadcount", "4", "target", "250", "rate", "500",
                "arrival", "pareto:2.5", "maxinflight", "9"), () -> RunConfigBuilder.parent(closed)
                .model(ModelChoice.OPEN).ratePerSec(500).arrival(new ArrivalProcess.Pareto(2.5)).maxInFlight(9).build());
    }

    @Test
    void modelChange_onAParentWithoutModelOptions_asParsed() {
        Map<String, String> common = Map.of("seed", "1", "recordcount", "10", "operationcount", "100");
        RunConfig base = parse(Phase.RUN, common);

        assertAsParsed(RunConfigBuilder.parent(base).model(ModelChoice.OPEN).ratePerSec(500)
                .arrival(new ArrivalProcess.Pareto(2.5)).maxInFlight(9).build(), edited(common, "model", "open",
                "rate", "500", "arrival", "pareto:2.5", "maxinflight", "9"));
        assertAsParsed(RunConfigBuilder.parent(base).model(ModelChoice.CLOSED).build(),
                edited(common, "model", "closed"));
    }

    @Test
    void optionOfTheOtherModel_theParsersError() {
        RunConfig open = parse(Phase.RUN, OPEN);
        RunConfig closed = parse(Phase.RUN, CLOSED);
        RunConfig schedule = parse(Phase.RUN, Map.of("seed", "1", "rate.schedule", "ramp:100..200 over 10s"));

        assertSameError(Phase.RUN, edited(OPEN, "threadcount", "4"),
                () -> RunConfigBuilder.parent(open).threads(4).build());
        assertSameError(Phase.RUN, edited(CLOSED, "rate", "100"),
                () -> RunConfigBuilder.parent(closed).ratePerSec(100).build());
        assertSameError(Phase.RUN, Map.of("seed", "1", "rate.schedule", "ramp:100..200 over 10s", "rate", "100"),
                () -> RunConfigBuilder.parent(schedule).ratePerSec(100).build());
    }

    @Test
    void valuesOutOfRange_theParsersErrors() {
        RunConfig closed = parse(Phase.RUN, CLOSED);
        RunConfig open = parse(Phase.RUN, OPEN);

        assertSameError(Phase.RUN, edited(CLOSED, "threadcount", "0"),
                () -> RunConfigBuilder.parent(closed).threads(0).build());
        assertSameError(Phase.RUN, edited(CLOSED, "threadcount", "1"),
                () -> RunConfigBuilder.parent(closed).threads(1).build());
        assertSameError(Phase.RUN, edited(CLOSED, "target", "-1"),
                () -> RunConfigBuilder.parent(closed).targetPerSec(-1).build());
        assertSameError(Phase.RUN, edited(OPEN, "rate", "0"),
                () -> RunConfigBuilder.parent(open).ratePerSec(0).build());
        assertSameError(Phase.RUN, edited(OPEN, "maxinflight", "0"),
                () -> RunConfigBuilder.parent(open).maxInFlight(0).build());
        assertSameError(Phase.RUN, edited(CLOSED, "duration", "1000ms"),
                () -> RunConfigBuilder.parent(closed).duration(Duration.ofSeconds(1)).build());
        assertSameError(Phase.RUN, edited(CLOSED, "duration", "0ms"),
                () -> RunConfigBuilder.parent(closed).duration(Duration.ZERO).build());
        assertSameError(Phase.RUN, edited(CLOSED, "warmup", "-1000ms"),
                () -> RunConfigBuilder.parent(closed).warmup(Duration.ofSeconds(-1)).build());
        assertSameError(Phase.RUN, edited(CLOSED, "warmup", "20000ms"),
                () -> RunConfigBuilder.parent(closed).warmup(Duration.ofSeconds(20)).build());
        assertSameError(Phase.RUN, edited(CLOSED, "operationcount", "-1"),
                () -> RunConfigBuilder.parent(closed).operationCount(-1).build());
        assertSameError(Phase.RUN, edited(CLOSED, "operationcount", null, "duration", null, "warmup", null),
                () -> RunConfigBuilder.parent(parse(Phase.RUN, edited(CLOSED, "duration", null, "warmup", null)))
                        .operationCount(0).build());
        assertSameError(Phase.RUN, edited(CLOSED, "status.interval", "0"),
                () -> RunConfigBuilder.parent(closed).statusInterval(Duration.ZERO).build());
        assertSameError(Phase.RUN, edited(CLOSED, "timeseries.granularity", "5"),
                () -> RunConfigBuilder.parent(closed).granularity(Duration.ofMillis(5)).build());
        assertSameError(Phase.RUN, edited(CLOSED, "share", "9/9"),
                () -> RunConfigBuilder.parent(closed).share(new Share(8, 9)).build());
    }

    @Test
    void operationCountZero_leavesThePropertyOut() {
        RunConfig closed = parse(Phase.RUN, CLOSED);

        RunConfig byTime = RunConfigBuilder.parent(closed).operationCount(0).build();

        assertAsParsed(byTime, edited(CLOSED, "operationcount", null));
        assertEquals(0, byTime.operationCount());
        assertEquals(java.util.Optional.empty(), byTime.given("operationcount"));
    }

    @Test
    void properties_aRatingsRunOfTheUsersProperties_asTheirEditedPropertiesParsed() {
        // a workload file of YCSB's with -threads, rated with the closed model and with the open one
        Map<String, String> given = Map.of("seed", "5", "recordcount", "1000", "operationcount", "1000",
                "readproportion", "0.5", "updateproportion", "0.5", "requestdistribution", "zipfian", "threadcount", "4",
                "warmup", "5s");
        Map<String, String> openGiven = edited(given, "threadcount", null, "maxinflight", "500", "arrival", "constant");

        RunConfig closed = RunConfigBuilder.properties(Phase.RUN, Settings.of(given)).model(ModelChoice.CLOSED)
                .threads(1).operationCount(0).duration(Duration.ofSeconds(12)).warmup(Duration.ofSeconds(2))
                .autoLoad(false).quiet(true).build();
        RunConfig open = RunConfigBuilder.properties(Phase.RUN, Settings.of(openGiven)).model(ModelChoice.OPEN)
                .ratePerSec(1).operationCount(0).duration(Duration.ofSeconds(12)).warmup(Duration.ofSeconds(2))
                .autoLoad(false).quiet(true).build();

        assertAsParsed(closed, edited(given, "model", "closed", "threadcount", "1", "operationcount", null,
                "duration", "12000ms", "warmup", "2000ms", "autoload", "false"));
        assertAsParsed(open, edited(openGiven, "model", "open", "rate", "1", "operationcount", null,
                "duration", "12000ms", "warmup", "2000ms", "autoload", "false"));
        assertAsParsed(closed.withThreads(16).withDuration(Duration.ofSeconds(7)), edited(given, "model", "closed",
                "threadcount", "16", "operationcount", null, "duration", "7000ms", "warmup", "2000ms",
                "autoload", "false"));
        assertEquals(java.util.List.of(), org.openmark.run.ConfigNotes.unknownProperties(closed.settings()),
                "the properties the rating put its own values in place of are not unknown");
    }

    @Test
    void properties_aRatingsModelRefusingTheUsersOptions_theParsersError() {
        Map<String, String> given = Map.of("seed", "5", "recordcount", "1000", "threadcount", "4");

        assertSameError(Phase.RUN, edited(given, "model", "open", "rate", "1", "duration", "12000ms"),
                () -> RunConfigBuilder.properties(Phase.RUN, Settings.of(given)).model(ModelChoice.OPEN).ratePerSec(1)
                        .duration(Duration.ofSeconds(12)).build());
    }

    @Test
    void properties_nothingTold_isTheParser() {
        Settings s = Settings.of(CLOSED);

        assertEquals(RunConfigParser.parse(Phase.RUN, s, Path.of("out"), false),
                RunConfigBuilder.properties(Phase.RUN, s).outDir(Path.of("out")).quiet(false).build());
    }

    @Test
    void derived_keepsTheParentsPropertiesAndReadsAndOwnsNothingElse() {
        RunConfig parent = parse(Phase.RUN, CLOSED);

        RunConfig derived = RunConfigBuilder.parent(parent).threads(6).build();

        assertSame(parent.settings(), derived.settings(), "the properties given stay as given");
        assertEquals(Map.of("threadcount", "6"), derived.changes().set());
        assertEquals(Map.of(), parent.changes().set(), "the parent is unchanged");
    }
}
