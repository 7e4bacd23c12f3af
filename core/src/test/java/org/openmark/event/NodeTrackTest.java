package org.openmark.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.NodeActivity;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/**
 * What the nodes did after an event, from the store's view once an interval: a node that joins
 * (gossip BOOT, then NORMAL, then its first answered request), a node that is killed (its requests
 * stop, gossip says shutdown), and nodes that went on as before (not listed).
 */
class NodeTrackTest {

    /** A store whose nodes are whatever the test set last. */
    private static final class ScriptedStore implements Store {
        volatile List<NodeActivity> nodes = List.of();

        @Override
        public Session newSession() {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<NodeActivity> nodeActivity() {
            return nodes;
        }

        @Override
        public void close() {
        }
    }

    private static IntervalSnapshot endingAt(long millis) {
        return new IntervalSnapshot(millis - 1000, millis, Map.of(), Map.of(), Measurements.newHistogram(), 0);
    }

    /** 40 one-second intervals; an event at 10 s adds node .4 and kills node .3. */
    private static NodeTrack joinAndKill() {
        ScriptedStore store = new ScriptedStore();
        NodeTrack track = new NodeTrack();
        track.watchStore(store);
        track.started(0);
        long r1 = 0;
        long r2 = 0;
        long r3 = 0;
        long r4 = 0;
        for (int t = 1; t <= 40; t++) {
            r1 += 100;
            if (t <= 14) {
                r3 += 100; // answers until it is killed during the interval ending at 15 s
            }
            if (t >= 26) {
                r4 += 100; // serves from the interval ending at 26 s
            }
            r2 += t >= 10 && t < 12 ? 0 : 100; // a short pause of a node that stays: not a change
            List<NodeActivity> nodes = new ArrayList<>();
            nodes.add(new NodeActivity("127.0.0.1", "NORMAL", r1, 10L << 20));
            nodes.add(new NodeActivity("127.0.0.2", "NORMAL", r2, 10L << 20));
            nodes.add(new NodeActivity("127.0.0.3", t <= 15 ? "NORMAL" : "shutdown", r3, t <= 15 ? 10L << 20 : -1));
            if (t >= 12) {
                nodes.add(new NodeActivity("127.0.0.4", t < 24 ? "BOOT" : "NORMAL", r4, t < 20 ? -1 : 7L << 20));
            }
            store.nodes = nodes;
            track.interval(endingAt(t * 1000L), t, 0, false);
        }
        return track;
    }

    @Test
    void of_aJoiningNode_boot_normal_andServingFrom_itsFirstAnsweredInterval() {
        List<NodeChange> changes = NodeChange.of(joinAndKill().samples(), 10.0);
        NodeChange joined = changes.stream().filter(c -> c.node().equals("127.0.0.4")).findFirst().orElseThrow();
        assertEquals("", joined.stateBefore());
        assertEquals(List.of(new NodeChange.StateSeen("BOOT", 12.0), new NodeChange.StateSeen("NORMAL", 24.0)),
                joined.states());
        assertEquals(26.0, joined.servingFromSeconds());
        assertTrue(Double.isNaN(joined.stoppedServingSeconds()));
        assertEquals(1.0 / 3, joined.shareAtEnd(), 1e-9); // .1, .2 and .4 answer at the end
        assertEquals(7L << 20, joined.tableBytesAtEnd());
        assertTrue(joined.describe().startsWith("node 127.0.0.4 (new): BOOT at 12.0 s, NORMAL at 24.0 s, serving from"
                + " 26.0 s"), joined.describe());
    }

    @Test
    void of_aKilledNode_lastAnswered_andItsState() {
        List<NodeChange> changes = NodeChange.of(joinAndKill().samples(), 10.0);
        NodeChange killed = changes.stream().filter(c -> c.node().equals("127.0.0.3")).findFirst().orElseThrow();
        assertEquals("NORMAL", killed.stateBefore());
        assertEquals(List.of(new NodeChange.StateSeen("shutdown", 16.0)), killed.states());
        assertEquals(14.0, killed.stoppedServingSeconds());
        assertTrue(Double.isNaN(killed.servingFromSeconds()));
        assertEquals(0.0, killed.shareAtEnd(), 1e-9);
    }

    @Test
    void of_nodesThatWentOnAsBefore_areNotListed_evenAfterAPause() {
        List<String> nodes = NodeChange.of(joinAndKill().samples(), 10.0).stream().map(NodeChange::node).toList();
        assertEquals(List.of("127.0.0.3", "127.0.0.4"), nodes);
    }

    @Test
    void of_anEventAfterTheJoin_seesNothingNew() {
        List<String> nodes = NodeChange.of(joinAndKill().samples(), 33.0).stream().map(NodeChange::node).toList();
        assertEquals(List.of(), nodes);
    }

    @Test
    void csv_aRowPerIntervalAndNode_withRequestsPerSecond_andMebibytes() {
        String csv = joinAndKill().csv();
        String[] lines = csv.split("\n");
        assertEquals(NodeTrack.CSV_HEADER, lines[0]);
        assertTrue(csv.contains("\n26.000,127.0.0.4,NORMAL,100,100.0,7\n"), csv);
        assertTrue(csv.contains("\n16.000,127.0.0.3,shutdown,1400,0.0,\n"), csv);
    }

    @Test
    void judge_aStoreWithoutNodes_leavesTheOutcomesAsTheyWere() {
        NodeTrack track = new NodeTrack();
        track.watchStore(new ScriptedStore());
        track.started(0);
        track.interval(endingAt(1000), 1, 0, false);
        EventOutcome o = new EventOutcome(EventSpec.parse("--event", "0s:true"), 0.5, 0.7, 0, null, null);
        assertEquals(List.of(o), track.judge(List.of(o)));
        assertEquals("", track.csv());
    }
}
