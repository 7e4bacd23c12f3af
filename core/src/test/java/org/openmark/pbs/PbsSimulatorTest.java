package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator against answers derived by hand. Probabilities are checked within 5 Monte
 * Carlo standard errors, sqrt(p(1-p)/trials), of the exact value; where the exact value is 0
 * or 1 the check is exact.
 */
class PbsSimulatorTest {
    private static final int TRIALS = 200_000;

    private static LatencyDistribution d(String text) {
        return DistributionParser.parse("--test", text, java.nio.file.Path.of("."));
    }

    private static WarsDistributions wars(String w, String a, String r, String s) {
        return new WarsDistributions(d(w), d(a), d(r), d(s));
    }

    private static PbsSpec spec(int n, double tMs, int k, long trials, WarsDistributions wars, ReadFanout fanout) {
        return new PbsSpec(n, tMs, k, trials, wars, fanout, 20120827, new double[0], 1);
    }

    private static void assertProbability(double exact, double estimate, long trials, String what) {
        double tolerance = 5 * Math.sqrt(exact * (1 - exact) / trials);
        assertEquals(exact, estimate, tolerance, what);
    }

    @Test
    void run_strictQuorums_alwaysConsistentForAnyDistributionsAndT() {
        List<WarsDistributions> cases = List.of(WarsDistributions.lnkdDisk(), WarsDistributions.lnkdSsd(),
                wars("exp(0.1)", "exp(5)", "exp(2)", "exp(2)"),
                wars("pareto(1,1.1)", "const(0)", "uniform(0,3)", "normal(1,2)"),
                wars("0.5*const(0)+0.5*const(50)", "const(0)", "const(0)", "const(0)"));
        boolean someWeakStale = false;
        for (WarsDistributions w : cases) {
            for (ReadFanout fanout : ReadFanout.values()) {
                for (int n = 1; n <= 5; n++) {
                    for (int k : new int[] {1, 3}) {
                        PbsSpec spec = spec(n, 0, k, 3_000, w, fanout).withCurve(new double[] {0, 0.5, 10});
                        PbsResult result = PbsSimulator.run(spec);
                        for (ConfigResult c : result.configs()) {
                            if (c.r() + c.w() > n) {
                                String what = "N=" + n + " R=" + c.r() + " W=" + c.w() + " " + fanout + " " + w;
                                assertEquals(1.0, c.pConsistent(), what);
                                assertEquals(0.0, c.tFor99Ms(), what);
                                assertEquals(0.0, c.tFor999Ms(), what);
                                for (double p : c.curve()) {
                                    assertEquals(1.0, p, what);
                                }
                            } else {
                                someWeakStale |= c.pConsistent() < 1;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(someWeakStale, "partial quorums must sometimes be stale, or this test proves nothing");
    }

    @Test
    void run_constantLatencies_exactLatenciesAndAlwaysConsistent() {
        // every replica applies the write at 10 ms and acks at 12; reads answer after 3 + 4
        PbsResult result = PbsSimulator.run(spec(3, 0, 1, 5_000,
                wars("const(10)", "const(2)", "const(3)", "const(4)"), ReadFanout.ALL));
        for (ConfigResult c : result.configs()) {
            assertEquals(1.0, c.pConsistent());
            assertEquals(12.0, c.writeMeanMs(), 1e-9);
            assertEquals(12.0, c.writeP999Ms());
            assertEquals(7.0, c.readMeanMs(), 1e-9);
            assertEquals(7.0, c.readP999Ms());
        }
    }

    @Test
    void run_twoPointWriteDelays_matchCountingByHand() {
        // Each replica applies the write at 0 or at 20 ms (1/2 each); A = R = S = 0; reads go
        // to replicas 0..R-1. N=3, R=1, W=1: the write commits at 0 unless all three replicas
        // are slow (1/8). A read at commit + 5 is stale iff replica 0 is slow and commit = 0:
        // 1/2 * (1 - 1/4) = 3/8. R=1, W=2 is stale iff replica 0 is slow and both others are
        // fast: 1/8; R=2, W=1 likewise. At t >= 20 every replica has the write.
        PbsSpec spec = spec(3, 5, 1, TRIALS, wars("0.5*const(0)+0.5*const(20)", "const(0)", "const(0)", "const(0)"),
                ReadFanout.QUORUM).withCurve(new double[] {0, 19.5, 20, 25});
        PbsResult result = PbsSimulator.run(spec);
        assertProbability(5.0 / 8, result.config(1, 1).pConsistent(), TRIALS, "R=1 W=1");
        assertProbability(7.0 / 8, result.config(1, 2).pConsistent(), TRIALS, "R=1 W=2");
        assertProbability(7.0 / 8, result.config(2, 1).pConsistent(), TRIALS, "R=2 W=1");
        double[] curve = result.config(1, 1).curve();
        assertEquals(result.config(1, 1).pConsistent(), curve[0], "stale reads stay stale until t = 20");
        assertEquals(curve[0], curve[1]);
        assertEquals(1.0, curve[2]);
        assertEquals(1.0, curve[3]);
        assertEquals(20.0, result.config(1, 1).tFor99Ms(), "the 99% point is exactly 20 ms");
        assertEquals(0.0, result.config(2, 2).tFor99Ms());
    }

    @Test
    void run_expWritesAndAcks_matchClosedForm() {
        // N=2, R=1, W=1, W ~ exp(lambda), A ~ exp(mu), R = S = 0, the read goes to replica 0.
        // Stale iff W0 > c + t with c = min(W0+A0, W1+A1). Since W0 <= W0+A0, that needs
        // c = W1+A1 and W0 > W1+A1+t, which already implies W0+A0 > W1+A1. So
        // P(stale) = P(W0 > W1+A1+t) = e^(-lambda t) E[e^(-lambda W1)] E[e^(-lambda A1)]
        //          = e^(-lambda t) * 1/2 * mu/(mu+lambda).
        double lambda = 0.5;
        double mu = 2;
        for (double t : new double[] {0, 1, 4}) {
            PbsResult result = PbsSimulator.run(spec(2, t, 1, TRIALS,
                    wars("exp(0.5)", "exp(2)", "const(0)", "const(0)"), ReadFanout.QUORUM));
            double stale = Math.exp(-lambda * t) * 0.5 * mu / (mu + lambda);
            assertProbability(1 - stale, result.config(1, 1).pConsistent(), TRIALS, "t=" + t);
            if (t == 0) {
                // P(stale at t) = 0.01 at t = ln(100 * 1/2 * mu/(mu+lambda)) / lambda; the
                // estimate's error is about the probability's error divided by the slope
                double exact = Math.log(100 * 0.5 * mu / (mu + lambda)) / lambda;
                double slope = lambda * 0.01;
                double tolerance = 5 * Math.sqrt(0.99 * 0.01 / TRIALS) / slope + exact / 512;
                assertEquals(exact, result.config(1, 1).tFor99Ms(), tolerance, "t for 99%");
            }
        }
    }

    @Test
    void run_expReadRequests_fanoutAllAndQuorumMatchClosedForms() {
        // N=2, R=1, W=1, W ~ exp(lambda), A = S = 0, R ~ exp(rho). Commit c = min(W0, W1).
        // The read uses replica j: fan-out all picks the first answer, R_j = min(R0,R1) ~
        // exp(2 rho); quorum picks replica 0, R_0 ~ exp(rho). Either way j is independent of
        // the writes and P(stale) = P(W_j - W_other > t + R_j) = 1/2 e^(-lambda t) E[e^(-lambda R_j)]:
        // all: 1/2 e^(-lambda t) 2rho/(2rho+lambda); quorum: 1/2 e^(-lambda t) rho/(rho+lambda).
        double lambda = 1;
        double rho = 0.5;
        double t = 0.5;
        WarsDistributions w = wars("exp(1)", "const(0)", "exp(0.5)", "const(0)");
        double all = PbsSimulator.run(spec(2, t, 1, TRIALS, w, ReadFanout.ALL)).config(1, 1).pConsistent();
        double quorum = PbsSimulator.run(spec(2, t, 1, TRIALS, w, ReadFanout.QUORUM)).config(1, 1).pConsistent();
        assertProbability(1 - 0.5 * Math.exp(-lambda * t) * 2 * rho / (2 * rho + lambda), all, TRIALS, "all");
        assertProbability(1 - 0.5 * Math.exp(-lambda * t) * rho / (rho + lambda), quorum, TRIALS, "quorum");
    }

    @Test
    void run_allExponential_fanoutAllMatchesClosedForm() {
        // N=2, R=1, W=1, W ~ exp(l), A ~ exp(m), R and S ~ exp(p); the read uses the replica j
        // with the smaller R+S. As above, stale iff W_j > W_o + A_o + t + R_j, so by symmetry
        // P(stale) = 2 * 1/2 * m/(m+l) * e^(-l t) * E[e^(-l R0) 1{R0+S0 < R1+S1}].
        // R1+S1 is Erlang(2,p): P(R1+S1 > y) = (1+p y) e^(-p y). With a = 2p+l, b = 2p:
        // E = p^2 * iint e^(-a r - b s) (1 + p r + p s) dr ds = p^2 (1/(ab) + p/(a^2 b) + p/(a b^2)).
        // (Check: l = 0 gives 1/4 + 1/8 + 1/8 = 1/2 = P(R0+S0 < R1+S1).)
        double l = 0.8;
        double m = 1.5;
        double p = 2;
        double t = 0.3;
        double a = 2 * p + l;
        double b = 2 * p;
        double e = p * p * (1 / (a * b) + p / (a * a * b) + p / (a * b * b));
        double stale = m / (m + l) * Math.exp(-l * t) * e;
        PbsResult result = PbsSimulator.run(spec(2, t, 1, TRIALS, wars("exp(0.8)", "exp(1.5)", "exp(2)", "exp(2)"),
                ReadFanout.ALL));
        assertProbability(1 - stale, result.config(1, 1).pConsistent(), TRIALS, "all-exponential");
    }

    @Test
    void run_expWrites_writeLatencyMatchesOrderStatistics() {
        // W ~ exp(lambda), A = 0, N=2: the first ack is min ~ exp(2 lambda) (mean 1/(2 lambda),
        // sd the same), the second is the max (mean 3/(2 lambda), variance 5/(4 lambda^2)).
        double lambda = 0.25;
        PbsResult result = PbsSimulator.run(spec(2, 0, 1, TRIALS, wars("exp(0.25)", "const(0)", "const(1)", "const(1)"),
                ReadFanout.ALL));
        double sqrtN = Math.sqrt(TRIALS);
        assertEquals(1 / (2 * lambda), result.config(1, 1).writeMeanMs(), 5 * (1 / (2 * lambda)) / sqrtN);
        assertEquals(3 / (2 * lambda), result.config(1, 2).writeMeanMs(), 5 * Math.sqrt(5 / (4 * lambda * lambda)) / sqrtN);
        // p99.9 of exp(2 lambda) is ln(1000)/(2 lambda); the quantile's error is
        // sqrt(p(1-p)/n) / density, the density there is 2 lambda * 0.001
        double exact = Math.log(1000) / (2 * lambda);
        double tolerance = 5 * Math.sqrt(0.999 * 0.001 / TRIALS) / (2 * lambda * 0.001) + exact / 512;
        assertEquals(exact, result.config(1, 1).writeP999Ms(), tolerance);
        assertEquals(2.0, result.config(1, 1).readMeanMs(), 1e-9);
    }

    @Test
    void run_kStaleness_monotoneInKForAFixedSeed() {
        PbsSpec base = PbsSpec.defaults(99).with(3, 1, 1, 20_000).withCurve(new double[] {0, 2, 5, 20});
        PbsResult previous = null;
        for (int k = 1; k <= 4; k++) {
            PbsResult result = PbsSimulator.run(base.with(3, 1, k, 20_000));
            if (previous != null) {
                for (int i = 0; i < result.configs().size(); i++) {
                    ConfigResult now = result.configs().get(i);
                    ConfigResult before = previous.configs().get(i);
                    assertTrue(now.pConsistent() >= before.pConsistent(), "k=" + k + " " + now);
                    assertTrue(now.tFor99Ms() <= before.tFor99Ms(), "k=" + k + " " + now);
                    for (int j = 0; j < now.curve().length; j++) {
                        assertTrue(now.curve()[j] >= before.curve()[j], "k=" + k + " curve " + j);
                    }
                }
            }
            previous = result;
        }
        assertTrue(previous.config(1, 1).pConsistent() > PbsSimulator.run(base).config(1, 1).pConsistent(),
                "k=4 must be strictly better than k=1 for R=W=1 at t=1 ms, or the test proves nothing");
    }

    @Test
    void run_kStalenessWithFixedReads_matchesIndependentWritesFormula() {
        // With R = S = 0 the read side is not random, so the k writes miss independently and
        // P(k) = 1 - (1 - P(1))^k, the PBS paper's formula, with P(1) from the closed form above.
        double stale1 = Math.exp(-0.5 * 1) * 0.5 * 2 / (2 + 0.5);
        for (int k = 2; k <= 3; k++) {
            PbsResult result = PbsSimulator.run(spec(2, 1, k, TRIALS,
                    wars("exp(0.5)", "exp(2)", "const(0)", "const(0)"), ReadFanout.QUORUM));
            assertProbability(1 - Math.pow(stale1, k), result.config(1, 1).pConsistent(), TRIALS, "k=" + k);
        }
    }

    @Test
    void run_kStalenessWithRandomReads_isBelowIndependentWritesFormula() {
        // R ~ exp(rho) is shared by the k writes, so their misses are positively correlated:
        // P(all k miss) = E[(1/2 e^(-lambda(t+R0)))^k] = 2^-k e^(-k lambda t) rho/(rho + k lambda)
        // (quorum fan-out, A = S = 0), which exceeds (1/2 e^(-lambda t) rho/(rho+lambda))^k.
        double lambda = 1;
        double rho = 0.5;
        double t = 0;
        int k = 2;
        PbsResult result = PbsSimulator.run(spec(2, t, k, TRIALS, wars("exp(1)", "const(0)", "exp(0.5)", "const(0)"),
                ReadFanout.QUORUM));
        double exact = 1 - Math.pow(0.5, k) * Math.exp(-k * lambda * t) * rho / (rho + k * lambda);
        double independent = 1 - Math.pow(0.5 * Math.exp(-lambda * t) * rho / (rho + lambda), k);
        assertProbability(exact, result.config(1, 1).pConsistent(), TRIALS, "simulated k=2");
        assertTrue(independent - exact > 10 * Math.sqrt(exact * (1 - exact) / TRIALS), "the formula overstates here");
    }

    @Test
    void run_curve_nonDecreasingInTAndAgreesWithTheMainT() {
        double[] ts = TimeGrid.parse("--curve", "0..60:2");
        PbsResult result = PbsSimulator.run(PbsSpec.defaults(7).with(3, 10, 1, 20_000).withCurve(ts));
        for (ConfigResult c : result.configs()) {
            double[] curve = c.curve();
            for (int i = 1; i < curve.length; i++) {
                assertTrue(curve[i] >= curve[i - 1], c + " at " + ts[i]);
            }
            assertEquals(c.pConsistent(), curve[5], "t = 10 is the 6th point");
        }
        assertTrue(result.config(1, 1).curve()[0] < 0.9, "the disk fit is often stale right after commit");
    }

    @Test
    void run_sameSeed_sameResultWhateverTheThreadCount() {
        PbsSpec spec = PbsSpec.defaults(5).with(3, 2, 2, 3 * PbsSimulator.CHUNK_TRIALS + 17)
                .withCurve(new double[] {0, 1, 3});
        String one = json(PbsSimulator.run(spec.withSeed(5, 1)));
        assertEquals(one, json(PbsSimulator.run(spec.withSeed(5, 1))));
        assertEquals(one, json(PbsSimulator.run(spec.withSeed(5, 2))));
        assertEquals(one, json(PbsSimulator.run(spec.withSeed(5, 3))));
        assertTrue(!one.equals(json(PbsSimulator.run(spec.withSeed(6, 1)))), "another seed, other draws");
    }

    @Test
    void run_randomDistributions_probabilitiesAndQuantilesAreSane() {
        SplittableRandom rng = new SplittableRandom(17);
        for (int i = 0; i < 20; i++) {
            WarsDistributions w = new WarsDistributions(new Exponential(0.05 + rng.nextDouble()),
                    new Pareto(0.1 + rng.nextDouble(), 1 + 5 * rng.nextDouble()), new Uniform(0, 5 * rng.nextDouble()),
                    new TruncatedNormal(rng.nextDouble(), 0.1 + rng.nextDouble()));
            PbsResult result = PbsSimulator.run(spec(1 + rng.nextInt(5), 5 * rng.nextDouble(), 1, 2_000, w,
                    rng.nextBoolean() ? ReadFanout.ALL : ReadFanout.QUORUM));
            for (ConfigResult c : result.configs()) {
                assertTrue(c.pConsistent() >= 0 && c.pConsistent() <= 1, c.toString());
                assertTrue(c.tFor99Ms() >= 0 && c.tFor99Ms() <= c.tFor999Ms(), c.toString());
                assertTrue(c.readMeanMs() >= 0 && c.writeMeanMs() >= 0, c.toString());
            }
        }
    }

    private static String json(PbsResult result) {
        StringWriter out = new StringWriter();
        PbsJsonReport.write(result, out);
        return out.toString();
    }
}
