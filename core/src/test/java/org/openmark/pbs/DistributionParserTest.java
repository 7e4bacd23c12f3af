package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.config.ConfigException;

class DistributionParserTest {
    @TempDir
    Path dir;

    private LatencyDistribution parse(String text) {
        return DistributionParser.parse("--w", text, dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exp(1.5)", "pareto(0.2,10)", "const(0)", "const(12.5)", "uniform(1,3)", "normal(5,0.5)",
        "0.9*pareto(0.2,10)+0.1*exp(1.5)", "0.38*pareto(1.05,1.51)+0.62*exp(0.183)",
        "0.2*const(1)+0.3*uniform(0,2)+0.5*normal(3,1)", "exp(1.0E-5)"})
    void parse_canonicalSpec_roundTrips(String text) {
        LatencyDistribution d = parse(text);
        assertEquals(text, d.spec());
        assertEquals(d, parse(d.spec()));
    }

    @Test
    void parse_spacesAndTrailingZeros_giveCanonicalForm() {
        LatencyDistribution d = parse("  0.90 * pareto( 0.2 , 10.0 )  +  0.1*exp( 1.5 ) ");
        assertEquals("0.9*pareto(0.2,10)+0.1*exp(1.5)", d.spec());
        assertEquals(parse("0.9*pareto(0.2,10)+0.1*exp(1.5)"), d);
    }

    @Test
    void parse_scientificNotation_isANumber() {
        assertEquals(new Exponential(0.001), parse("exp(1e-3)"));
        assertEquals(new Constant(1500), parse("const(1.5E+3)"));
    }

    @Test
    void parse_singleTermWithWeightOne_isTheTermItself() {
        assertEquals(new Exponential(2), parse("1*exp(2)"));
    }

    @Test
    void parse_mixture_keepsWeightsAndPartsInOrder() {
        Mixture m = assertInstanceOf(Mixture.class, parse("0.25*const(1)+0.75*exp(2)"));
        assertEquals(List.of(new Constant(1), new Exponential(2)), m.parts());
        assertEquals(0.25, m.weights()[0]);
        assertEquals(0.75, m.weights()[1]);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "exp(-1)|rate must be > 0",
        "exp(0)|rate must be > 0",
        "exp(1,2)|exp takes 1 argument (rate), got 2",
        "pareto(1)|pareto takes 2 arguments (xm,alpha), got 1",
        "pareto(0,2)|pareto scale xm must be > 0",
        "pareto(1,-2)|pareto shape alpha must be > 0",
        "const(-1)|const value must be >= 0",
        "uniform(5,1)|uniform needs lo <= hi",
        "uniform(-1,1)|uniform lower bound must be >= 0",
        "normal(1,0)|normal sd must be > 0",
        "normal(-10,1)|normal mean must be > -3*sd",
        "expo(1)|unknown distribution 'expo' (did you mean exp?); allowed: exp(rate)",
        "gamma(1,2)|unknown distribution 'gamma'",
        "0.5*exp(1)+0.4*const(1)|mixture weights must sum to 1 (they sum to 0.9)",
        "exp(1)+0.5*const(1)|every term of a mixture needs a weight (term 1, exp(1), has none)",
        "0*exp(1)+1*const(2)|mixture weight 0 must be > 0",
        "0.5 exp(1)|expected '*' after the weight 0.5",
        "exp(1|expected ')' or ',' in exp(...) at position 6, found the end",
        "exp 1|expected '(' after exp",
        "exp(1)x|unexpected 'x' at position 7",
        "exp(NaN)|expected a number at position 5, found 'N'",
        "const(1e999)|const arguments must be finite",
        "file()|file(...) needs a path",
        "(1)|expected a weight or a distribution name at position 1"})
    void parse_badText_namesFlagTextAndRule(String text, String rule) {
        ConfigException e = assertThrows(ConfigException.class, () -> parse(text));
        assertTrue(e.getMessage().startsWith("--w=" + text + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(rule), e.getMessage());
    }

    @Test
    void parse_blank_saysEmptyAndListsAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> parse(" "));
        assertTrue(e.getMessage().contains("empty; allowed: exp(rate)"), e.getMessage());
    }

    @Test
    void parse_file_readsSamplesIgnoringBlankLinesAndComments() throws IOException {
        Files.writeString(dir.resolve("w.txt"), "# W delays in ms\n1.5\n\n  2.5  # slow one\n3\n");
        Empirical e = assertInstanceOf(Empirical.class, parse("file(w.txt)"));
        assertEquals("file(w.txt)", e.spec());
        assertEquals(3, e.size());
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            double x = e.sampleMs(rng);
            assertTrue(x == 1.5 || x == 2.5 || x == 3, "sample " + x);
        }
    }

    @Test
    void parse_fileInMixture_isAPart() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "1\n2\n");
        Mixture m = assertInstanceOf(Mixture.class, parse("0.5*file(a.txt)+0.5*exp(1)"));
        assertEquals("0.5*file(a.txt)+0.5*exp(1)", m.spec());
    }

    @Test
    void parse_fileWithBadLine_namesFileLineAndText() throws IOException {
        Files.writeString(dir.resolve("bad.txt"), "1\n2\nabc\n");
        ConfigException e = assertThrows(ConfigException.class, () -> parse("file(bad.txt)"));
        assertTrue(e.getMessage().startsWith("--w=file(bad.txt): "), e.getMessage());
        assertTrue(e.getMessage().contains("line 3: 'abc' is not a latency"), e.getMessage());
    }

    @Test
    void parse_fileWithNegativeSample_isRejected() throws IOException {
        Files.writeString(dir.resolve("neg.txt"), "1\n-2\n");
        ConfigException e = assertThrows(ConfigException.class, () -> parse("file(neg.txt)"));
        assertTrue(e.getMessage().contains("line 2: '-2' is not a latency (a finite number of ms >= 0)"), e.getMessage());
    }

    @Test
    void parse_missingOrEmptyFile_saysWhy() throws IOException {
        ConfigException missing = assertThrows(ConfigException.class, () -> parse("file(nope.txt)"));
        assertTrue(missing.getMessage().contains("cannot read"), missing.getMessage());
        Files.writeString(dir.resolve("empty.txt"), "# nothing\n\n");
        ConfigException empty = assertThrows(ConfigException.class, () -> parse("file(empty.txt)"));
        assertTrue(empty.getMessage().contains("holds no samples"), empty.getMessage());
    }
}
