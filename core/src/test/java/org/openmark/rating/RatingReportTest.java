package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatingReportTest {

    private static RatingReport papersQuadratic(ReloadPolicy reload, RatingCosts costs) {
        Sla sla = Sla.parse("p95<=1ms, for 10m");
        return new Rater(RatingFixtures.settings(SearchStrategy.GOLDEN, 4), sla, reload, costs)
                .rate(new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), sla, costs.experimentLength()));
    }

    @Test
    void time_fullReload_addsUpBgsBreakdown() {
        RatingCosts costs = new RatingCosts(Duration.ofMinutes(20), Duration.ofMinutes(20), Duration.ofSeconds(30),
                Duration.ofMinutes(1));
        RatingReport report = papersQuadratic(ReloadPolicy.parse("full"), costs);
        TimeBreakdown t = report.time();
        int runs = report.uniqueExperiments() + report.confirmations().size();
        assertEquals(runs - 1, t.reloads());
        assertEquals(Duration.ofMinutes(20).multipliedBy(runs - 1), t.reloadTotal());
        assertEquals(Duration.ofSeconds(90).multipliedBy(report.uniqueExperiments()), t.experimentTotal());
        assertEquals(Duration.ofSeconds(630), t.confirmationTotal());
        assertEquals(Duration.ofMinutes(20).plus(t.reloadTotal()).plus(t.experimentTotal()).plus(Duration.ofSeconds(630)),
                t.total());
    }

    @Test
    void time_noReload_hasNoReloadTerm() {
        RatingCosts costs = new RatingCosts(Duration.ofMinutes(20), Duration.ofMinutes(2), Duration.ZERO, Duration.ofMinutes(1));
        assertEquals(Duration.ZERO, papersQuadratic(ReloadPolicy.parse("none"), costs).time().reloadTotal());
    }

    @Test
    void toMap_serializedByJackson_hasTheRatingObjectWithExperimentsAndCounts() throws Exception {
        RatingReport report = papersQuadratic(ReloadPolicy.parse("image"),
                new RatingCosts(Duration.ofMinutes(20), Duration.ofMinutes(2), Duration.ofSeconds(30), Duration.ofMinutes(1)));
        ObjectMapper mapper = new ObjectMapper();
        JsonNode json = mapper.readTree(mapper.writeValueAsString(RatingReportJson.toMap(report)));
        JsonNode rating = json.get("rating");
        assertEquals(100_000_000L, rating.get("value").asLong());
        assertTrue(rating.get("value").isIntegralNumber(), rating.get("value").toString());
        assertEquals(10_000, rating.get("load").asLong());
        assertTrue(rating.get("confirmed").asBoolean());
        assertEquals(report.uniqueExperiments(), rating.get("uniqueExperiments").asInt());
        assertEquals(report.totalExperiments(), rating.get("totalExperiments").asInt());
        assertEquals(report.totalExperiments(), rating.get("experiments").size());
        JsonNode first = rating.get("experiments").get(0);
        assertEquals(1, first.get("sequence").asInt());
        assertEquals("climb", first.get("phase").asText());
        assertEquals(1, first.get("load").asLong());
        assertEquals(19_999, first.get("throughputOpsPerSec").asLong());
        assertEquals(50.003, first.get("slaLatencyUs").asDouble(), 1e-9);
        assertTrue(first.get("slaMet").asBoolean());
        assertFalse(first.get("memoHit").asBoolean());
        assertEquals(60, first.get("durationSeconds").asInt());
        assertEquals("p95<=1ms, for 10m", json.get("sla").asText());
        assertEquals("golden", json.at("/search/strategy").asText());
        assertEquals(4, json.at("/search/climbFactor").asInt());
        assertEquals(600, json.at("/confirmations/0/durationSeconds").asInt());
        assertEquals(report.time().total().toSeconds(), json.at("/time/totalSeconds").asLong());
    }

    @Test
    void toMap_noRating_hasNullValueAndLoad() throws Exception {
        RatingReport report = RatingFixtures.rate(Curve.parse("sqrt:scale=10,slacap=5"), Sla.none(),
                RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withLoads(10, 100));
        JsonNode json = new ObjectMapper().valueToTree(RatingReportJson.toMap(report));
        assertTrue(json.at("/rating/value").isNull());
        assertTrue(json.at("/rating/load").isNull());
        assertEquals(1, json.at("/rating/experiments").size());
    }

    @Test
    void render_report_showsRatingEveryExperimentConfirmationAndTime() {
        RatingReport report = papersQuadratic(ReloadPolicy.parse("full"),
                new RatingCosts(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ofMinutes(1)));
        String text = RatingReportText.render(report);
        List<String> lines = text.lines().toList();
        assertEquals("Rating: 100,000,000 ops/s at load 10000 threads (confirmed for 10m)", lines.get(0));
        assertEquals("SLA: p95<=1ms, for 10m", lines.get(1));
        assertTrue(lines.get(3).startsWith("Experiments: 29 unique, 35 requested (6 memo hits)"), lines.get(3));
        long experimentRows = lines.stream().filter(l -> l.matches("\\s+\\d+\\s+(climb|golden)\\s.*")).count();
        assertEquals(report.totalExperiments(), experimentRows);
        assertEquals(report.memoHits(), lines.stream().filter(l -> l.endsWith("hit")).count());
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+-\\s+confirm 10m\\s+10000\\s+100,000,000\\s.*pass.*")), text);
        assertTrue(lines.get(lines.size() - 1).startsWith("Time (full reload): initial load ζ 0s"), text);
        assertTrue(lines.get(lines.size() - 1).endsWith("= 39m"), lines.get(lines.size() - 1));
        assertFalse(text.contains(RatingReportText.INVALID_MEANS), "no experiment was invalid");
    }

    /**
     * Load 1 passes; at load 2 the generator limits every run, which measured 1.5 ms at p95, within
     * the SLA's 2 ms: the run and its repeat fail the SLA all the same, and the report says why.
     */
    private static RatingReport invalidAtLoadTwo() {
        Sla sla = Sla.parse("p95<=2ms");
        Experimenter e = RatingFixtures.from(load -> load == 1
                ? ExperimentResult.measured(load, 1000, sla, ExperimentMeasurement.atPercentile(95, 1_000_000, 0,
                        RatingFixtures.DELTA))
                : ExperimentResult.invalid(load, 1900, "send-lag p99 = 12039 us > 1000 us (--max-send-lag)", sla,
                        ExperimentMeasurement.atPercentile(95, 1_500_000, 0, RatingFixtures.DELTA)));
        return new Rater(RatingFixtures.settings(SearchStrategy.GOLDEN, 2), sla, ReloadPolicy.parse("none"),
                RatingCosts.experimentsOnly(RatingFixtures.DELTA)).rate(e);
    }

    @Test
    void render_invalidExperiment_showsItsMeasuredLatencyAndWhyItFailsTheSla() {
        String text = RatingReportText.render(invalidAtLoadTwo());
        List<String> lines = text.lines().toList();
        for (String row : List.of("1\\s+climb\\s+1\\s+1,000\\s+1ms\\s+pass\\s+yes",
                "2\\s+climb\\s+2\\s+1,900\\s+1\\.5ms\\s+fail\\s+NO",
                "3\\s+climb\\s+2\\s+1,900\\s+1\\.5ms\\s+fail\\s+NO\\s+repeat")) {
            assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+" + row)), row + " in\n" + text);
        }
        int why = lines.indexOf(RatingReportText.INVALID_MEANS + " Why:");
        assertTrue(why > 0, text);
        assertEquals(List.of("  #2 at load 2: send-lag p99 = 12039 us > 1000 us (--max-send-lag)",
                "  #3 at load 2: send-lag p99 = 12039 us > 1000 us (--max-send-lag)"), lines.subList(why + 1, why + 3));
        assertTrue(lines.get(why + 3).startsWith("Time ("), text);
        assertFalse(text.contains(" inf "), text);
    }

    @Test
    void toMap_invalidExperiment_hasItsMeasuredLatencyBesideItsValidity() {
        JsonNode experiments = new ObjectMapper().valueToTree(RatingReportJson.toMap(invalidAtLoadTwo()))
                .at("/rating/experiments");
        JsonNode invalid = experiments.get(1);
        assertEquals(1500, invalid.get("slaLatencyUs").asDouble(), 1e-9, invalid::toString);
        assertFalse(invalid.get("valid").asBoolean(), invalid::toString);
        assertFalse(invalid.get("slaMet").asBoolean(), invalid::toString);
        assertEquals("send-lag p99 = 12039 us > 1000 us (--max-send-lag)", invalid.get("invalidReason").asText());
        assertTrue(experiments.get(2).get("repeat").asBoolean(), experiments::toString);
        assertEquals(1500, experiments.get(2).get("slaLatencyUs").asDouble(), 1e-9, experiments::toString);
    }

    /** Throughput 0 on BG's quadratic (from load 20 of peak 100): no operation finished, so no latency. */
    @Test
    void noOperationFinished_saidInTheTableNullInJson() {
        RatingReport report = RatingFixtures.rate(Curve.parse("quadratic:peak=100"), Sla.none(),
                RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withLoads(25, 100));
        ExperimentResult first = report.experiments().get(0).result();
        assertEquals(25, first.loadLevel());
        assertEquals(0, first.throughputOpsPerSec());
        String text = RatingReportText.render(report);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s+1\\s+climb\\s+25\\s+0\\s+" + RatingFormat.NONE_FINISHED
                + "\\s+.*")), text);
        JsonNode json = new ObjectMapper().valueToTree(RatingReportJson.toMap(report));
        assertTrue(json.at("/rating/experiments/0/slaLatencyUs").isNull(), json::toString);
    }

    @Test
    void constructor_lists_areCopiedSoTheReportStaysImmutable() {
        RatingReport report = RatingFixtures.rate("quadratic:peak=100", SearchStrategy.GOLDEN, 2);
        assertThrows(UnsupportedOperationException.class, () -> report.experiments().clear());
        assertThrows(UnsupportedOperationException.class, () -> report.notes().add("x"));
    }
}
