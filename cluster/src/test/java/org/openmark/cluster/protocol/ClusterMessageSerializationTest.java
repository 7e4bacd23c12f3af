package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.apache.pekko.serialization.jackson.JacksonCborSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.consistency.FailedRequests;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessResult;
import org.openmark.load.Share;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;

/**
 * Every message that crosses the network goes through Pekko's serialization as the cluster's nodes
 * configure it ({@code openmark-cluster.conf}): by Jackson CBOR, and back unchanged, the actor
 * references in it included. Each kind of message of the sealed protocol has an example here, so a
 * new message cannot cross the network untried.
 */
class ClusterMessageSerializationTest {
    private static final ActorTestKit KIT = ActorTestKit.create("ClusterMessageSerializationTest",
            ConfigFactory.parseString("pekko.actor.provider = local").withFallback(
                    ConfigFactory.parseResources("openmark-cluster.conf")).withFallback(ConfigFactory.load()).resolve());
    private static final Channel READ_OK = new Channel("READ", Status.OK, false);

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void everyMessage_isSerializedByJacksonCbor_andComesBackTheSame() {
        ActorRef<ToWorker> worker = KIT.createTestProbe(ToWorker.class).ref();
        ActorRef<ToCoordinator> coordinator = KIT.createTestProbe(ToCoordinator.class).ref();
        ActorRef<ToRun> run = KIT.createTestProbe(ToRun.class).ref();
        ActorRef<Pong> prober = KIT.createTestProbe(Pong.class).ref();
        List<ClusterMessage> examples = List.of(
                new Hello(worker, OpenmarkVersion.current(), "host-1", 8, 4711),
                new Register(worker, "c0ffee"),
                new Leaving(1),
                new Pong(1, 7, 123_456_789L, 1_700_000_000_000_000L),
                new Challenge("a-nonce"),
                new Accepted(1, 3, coordinator),
                new Refused("wrong shared secret"),
                new Ping(7, 123_456_789L, prober),
                new Plan(2, run, PhasePlan.of(RunConfigBuilder.parent(RunConfigParser.parse(Phase.RUN, Settings.of(
                        Map.of("store", "memory", "rate", "500", "duration", "10s")), null, true)).share(new Share(1, 3))
                        .build()), 1, 3),
                new Plan(3, run, new StalenessPart("memory", Map.of(), new StalenessConfig(100, 300, 30,
                        List.of(0.0, 5.0), "t").part(new Share(1, 3)), 11L, new Share(1, 3)), 1, 3),
                new Go(2, Load.PARTITION),
                new StartAt(2, 1_700_000_000_500_000L),
                new Stop("interrupted (Ctrl-C on the coordinator)"),
                new Finish(false, "only 1 of 2 workers joined"),
                new Prepared(1, true, false),
                new Failed(1, "sim.latency=bogus", true, false),
                new Ready(1),
                new IntervalReport(1, 0, IntervalWire.of(interval(1000, 2000, 50)), 1.0, 3, false, 12.5),
                new Done(1, ResultWire.of(result(50)), 11.0, null),
                new StalenessDone(1, StalenessWire.of(staleness()), Map.of("replicas", "2"), 9.5));

        assertEquals(concreteMessages(), examples.stream().map(m -> m.getClass().getSimpleName())
                .collect(Collectors.toCollection(TreeSet::new)), "one example of each message");
        Serialization serialization = SerializationExtension.get(Adapter.toClassic(KIT.system()));
        for (ClusterMessage m : examples) {
            Serializer serializer = serialization.findSerializerFor(m);
            assertTrue(serializer instanceof JacksonCborSerializer, m.getClass() + ": " + serializer);
            byte[] bytes = serialization.serialize(m).get();
            Object back = serialization.deserialize(bytes, serializer.identifier(),
                    Serializers.manifestFor(serializer, m)).get();
            assertEquals(m.getClass(), back.getClass());
            // The wire forms hold byte arrays (records compare those by identity): the bytes say it.
            assertArrayEquals(bytes, serialization.serialize((ClusterMessage) back).get(), m.getClass().getName());
            if (!(m instanceof IntervalReport || m instanceof Done || m instanceof StalenessDone)) {
                assertEquals(m, back);
            }
        }
    }

    /** The simple names of every record the sealed protocol permits. */
    private static Set<String> concreteMessages() {
        Set<String> names = new TreeSet<>();
        Deque<Class<?>> open = new ArrayDeque<>(List.of(ClusterMessage.class));
        while (!open.isEmpty()) {
            Class<?> c = open.pop();
            if (c.isSealed()) {
                open.addAll(List.of(c.getPermittedSubclasses()));
            } else {
                names.add(c.getSimpleName());
            }
        }
        return names;
    }

    private static IntervalSnapshot interval(long startMillis, long endMillis, long reads) {
        return new IntervalSnapshot(startMillis, endMillis, Map.of(READ_OK, reads(reads)), Map.of(READ_OK, reads(reads)),
                Measurements.newHistogram(), reads);
    }

    private static RunResult result(long reads) {
        OpResult read = new OpResult("READ", Map.of(Status.OK, reads), reads(reads), reads(reads),
                Measurements.newHistogram(), Measurements.newHistogram(), Map.of(Status.OK, reads(reads)),
                Map.of(Status.OK, reads(reads)));
        return new RunResult(OpenmarkVersion.current(), 1, false, Phase.RUN, null, false, true, "memory", Map.of(),
                Map.of(), 0, 1000, reads, List.of(read), new Accounting(reads, 0, Map.of(Status.OK, reads), 0, 0), null,
                Measurements.newHistogram(), List.of(), List.of(), true, false, null, List.of(), List.of());
    }

    private static StalenessResult staleness() {
        Histogram tv = new Histogram(3);
        tv.recordValue(5000);
        return new StalenessResult(10, 30, 7, new TreeMap<>(Map.of(0.0, 2L)), new TreeMap<>(Map.of(0.0, 10L)), tv, 1,
                new TreeMap<>(Map.of(1L, 6L)), new FailedRequests(Map.of(), Map.of(Status.TIMEOUT, 1L), "timed out"),
                new Histogram(3), true, 3);
    }

    private static Histogram reads(long n) {
        Histogram h = Measurements.newHistogram();
        h.recordValueWithCount(250, n);
        return h;
    }
}
