package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.apache.pekko.serialization.jackson.JacksonObjectMapperProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openmark.config.PropertyChanges;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.OverloadPolicy;
import org.openmark.load.RateSchedule;
import org.openmark.load.Share;
import org.openmark.run.MeasurementInterval;
import org.openmark.run.Model;
import org.openmark.run.ModelReason;
import org.openmark.run.Phase;
import org.openmark.run.ReportForm;
import org.openmark.run.RunConfig;
import org.openmark.txn.RetryPolicy;
import org.openmark.txn.TxnConfig;

/**
 * A plan's typed configuration crosses the network as the cluster's nodes serialize it (Jackson CBOR,
 * {@code openmark-cluster.conf}) and comes back the same, every field of it, with every record of the
 * sealed types it holds (each by its name); a name the wire does not know is refused.
 */
class PlanSerializationTest {
    private static final ActorTestKit KIT = ActorTestKit.create("PlanSerializationTest",
            ConfigFactory.parseString("pekko.actor.provider = local").withFallback(
                    ConfigFactory.parseResources("openmark-cluster.conf")).withFallback(ConfigFactory.load()).resolve());

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void phasePlan_everyFieldSet_comesBackTheSame() {
        PhasePlan sent = phasePlan(new Model.Open(new ArrivalProcess.Pareto(2.5), new RateSchedule.Ramp(10, 900,
                Duration.ofSeconds(7)), 64, OverloadPolicy.DROP));

        PhasePlan back = (PhasePlan) wire(sent);

        assertEquals(sent, back);
        // each field once more by name, so that a field the wire dropped (a default back) is named
        for (var c : PhasePlan.class.getRecordComponents()) {
            assertEquals(value(c, sent), value(c, back), c.getName());
        }
    }

    @Test
    void stalenessPart_everyFieldSet_comesBackTheSame() {
        StalenessPart sent = new StalenessPart("sim", Map.of("sim.secondaries", "2", "sim.password", "s3cret"),
                new StalenessConfig(250.5, 3001, 40, List.of(0.0, 1.5, 10.0), "t1").part(new Share(1, 3)), 7L,
                new Share(1, 3));

        assertEquals(sent, wire(sent));
        StalenessPart noSeed = new StalenessPart("memory", Map.of(), sent.part(), null, new Share(0, 1));
        assertEquals(noSeed, wire(noSeed));
    }

    @Test
    void everyRecordOfTheSealedTypes_travelsByItsName() {
        List<Model> models = new ArrayList<>(List.of(new Model.Closed(12, 450.5, Duration.ofMillis(3))));
        List<ArrivalProcess> arrivals = List.of(new ArrivalProcess.Constant(), new ArrivalProcess.Poisson(),
                new ArrivalProcess.Pareto(1.5), new ArrivalProcess.HyperExponential(4));
        List<RateSchedule> schedules = List.of(new RateSchedule.Constant(1234.5), new RateSchedule.Ramp(1, 2,
                Duration.ofMinutes(1)), new RateSchedule.Steps(new double[] {100, 250.5, 50}, Duration.ofSeconds(3)));
        for (ArrivalProcess a : arrivals) {
            for (RateSchedule s : schedules) {
                models.add(new Model.Open(a, s, 8, OverloadPolicy.WAIT));
            }
        }
        Set<String> seen = new TreeSet<>();
        for (Model m : models) {
            PhasePlan back = (PhasePlan) wire(phasePlan(m));
            if (m instanceof Model.Open o && o.schedule() instanceof RateSchedule.Steps steps) {
                Model.Open b = (Model.Open) back.model();
                assertArrayEquals(steps.ratesPerSec(), ((RateSchedule.Steps) b.schedule()).ratesPerSec());
                assertEquals(new Model.Open(o.arrival(), b.schedule(), o.maxInFlight(), o.onOverload()), b);
                assertEquals(steps.describe(), b.schedule().describe());
            } else {
                assertEquals(m, back.model());
            }
            seen.add(m.getClass().getName());
            if (m instanceof Model.Open o) {
                seen.add(o.arrival().getClass().getName());
                seen.add(o.schedule().getClass().getName());
            }
        }
        seen.add(PhasePlan.class.getName());
        seen.add(StalenessPart.class.getName());

        Set<String> permitted = new TreeSet<>();
        for (Class<?> type : CoreTypes.SEALED) {
            for (Class<?> record : type.getPermittedSubclasses()) {
                permitted.add(record.getName());
            }
        }
        assertEquals(permitted, seen, "every record of every sealed type a plan holds is tried");
    }

    @Test
    void aTypeNameTheWireDoesNotKnow_isRefused() throws Exception {
        ObjectMapper mapper = JacksonObjectMapperProvider.get(Adapter.toClassic(KIT.system()))
                .getOrCreate("jackson-cbor", Optional.empty());
        ObjectNode tree = mapper.valueToTree(phasePlan(Model.Closed.DEFAULT));
        assertEquals("Model.Closed", tree.get("model").get("type").asText(), tree.toString());
        // the record's components and its type's name, nothing else (no getter's value beside them)
        Set<String> fields = new TreeSet<>(List.of("type"));
        for (var c : PhasePlan.class.getRecordComponents()) {
            fields.add(c.getName());
        }
        Set<String> written = new TreeSet<>();
        tree.fieldNames().forEachRemaining(written::add);
        assertEquals(fields, written);
        Set<String> changes = new TreeSet<>();
        tree.get("changes").fieldNames().forEachRemaining(changes::add);
        assertEquals(Set.of("set", "unset"), changes);
        assertEquals(phasePlan(Model.Closed.DEFAULT), mapper.treeToValue(tree, PlanConfig.class));

        ((ObjectNode) tree.get("model")).put("type", "java.lang.ProcessBuilder");

        assertThrows(InvalidTypeIdException.class, () -> mapper.treeToValue(tree, PlanConfig.class));
        tree.put("type", "RunConfig");
        assertThrows(InvalidTypeIdException.class, () -> mapper.treeToValue(tree, PlanConfig.class));
    }

    @Test
    void aValueItsRecordRefuses_isRefusedOnTheWireToo() {
        ObjectMapper mapper = JacksonObjectMapperProvider.get(Adapter.toClassic(KIT.system()))
                .getOrCreate("jackson-cbor", Optional.empty());
        ObjectNode tree = mapper.valueToTree(phasePlan(Model.Closed.DEFAULT));
        ((ObjectNode) tree.get("share")).put("index", 3); // share 4 of 3

        var e = assertThrows(com.fasterxml.jackson.databind.JsonMappingException.class,
                () -> mapper.treeToValue(tree, PlanConfig.class));
        assertEquals(IllegalArgumentException.class, e.getCause().getClass(), e::toString);
    }

    /** A plan whose every field differs from its default. */
    private static PhasePlan phasePlan(Model model) {
        return new PhasePlan(Phase.RUN, "sim", Map.of("recordcount", "1000", "sim.latency", "2ms", "password", "s3cret"),
                new PropertyChanges(Map.of("seed", "42", "share", "2/3", "threadcount", "12"), Set.of("operationcount")),
                model, new TxnConfig(true, true, new RetryPolicy(3, 10, 400)), 5000, Duration.ofSeconds(30),
                Duration.ofSeconds(5), Duration.ofMillis(250), Duration.ofSeconds(7), Duration.ofSeconds(45), 42, true,
                true, new Share(1, 3), true, new RunConfig.Thresholds(Duration.ofMillis(25), 0.02, 0.05,
                        Duration.ofMillis(300)), List.of(50.0, 99.0, 99.99), Duration.ofSeconds(3),
                new ReportForm(ModelReason.YCSB_FORM, MeasurementInterval.INTENDED));
    }

    /** {@code config} in a plan through Pekko's serialization of the cluster's messages, and back. */
    private static PlanConfig wire(PlanConfig config) {
        ActorRef<ToRun> run = KIT.createTestProbe(ToRun.class).ref();
        Plan plan = new Plan(3, run, config, 1, 3);
        Serialization serialization = SerializationExtension.get(Adapter.toClassic(KIT.system()));
        Serializer serializer = serialization.findSerializerFor(plan);
        byte[] bytes = serialization.serialize(plan).get();
        Plan back = (Plan) serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, plan)).get();
        assertEquals(List.of(3, 1, 3), List.of(back.run(), back.index(), back.count()));
        assertEquals(run, back.replyTo());
        return back.config();
    }

    private static Object value(java.lang.reflect.RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
