package org.openmark.pbs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.config.ConfigException;
import org.openmark.config.Suggestions;

/**
 * Parses latency distributions in milliseconds:
 * <pre>
 *   exp(rate)          rate per ms, mean 1/rate
 *   pareto(xm,alpha)   x = xm / U^(1/alpha)
 *   const(ms)
 *   uniform(lo,hi)
 *   normal(mean,sd)    truncated at 0 (negative draws are redrawn)
 *   file(path)         measured samples, one per line
 *   0.9*pareto(0.2,10)+0.1*exp(1.5)   weighted mixture, weights sum to 1
 * </pre>
 * Errors are {@link ConfigException}s of the form {@code --w=exp(-1): rate must be > 0}.
 */
public final class DistributionParser {
    /** What the parser accepts, for error messages and help texts. */
    public static final String ALLOWED = "exp(rate), pareto(xm,alpha), const(ms), uniform(lo,hi), normal(mean,sd),"
            + " file(path), or a weighted mixture such as 0.9*pareto(0.2,10)+0.1*exp(1.5)";
    private static final List<String> NAMES = List.of("exp", "pareto", "const", "uniform", "normal", "file");
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final double WEIGHT_SUM_TOLERANCE = 1e-6;

    private final String flag;
    private final String text;
    private final Path baseDir;
    private int pos;

    private DistributionParser(String flag, String text, Path baseDir) {
        this.flag = flag;
        this.text = text;
        this.baseDir = baseDir;
    }

    /**
     * Parses {@code text}, the value of {@code flag}; relative {@code file(...)} paths are
     * resolved against {@code baseDir}.
     */
    public static LatencyDistribution parse(String flag, String text, Path baseDir) {
        if (text == null || text.isBlank()) {
            throw ConfigException.of(flag, String.valueOf(text), "empty; allowed: " + ALLOWED);
        }
        return new DistributionParser(flag, text, baseDir).mixture();
    }

    /** True when {@code s} is a plain decimal number (no hex, NaN or Infinity). */
    static boolean looksLikeNumber(String s) {
        return NUMBER.matcher(s).matches();
    }

    private LatencyDistribution mixture() {
        List<Double> weights = new ArrayList<>();
        List<LatencyDistribution> parts = new ArrayList<>();
        do {
            skipSpaces();
            int termStart = pos;
            Double weight = null;
            if (pos < text.length() && !Character.isLetter(text.charAt(pos))) {
                weight = number("a weight or a distribution name");
                skipSpaces();
                expect('*', "'*' after the weight " + text.substring(termStart, pos).trim());
                if (!(weight > 0) || Double.isInfinite(weight)) {
                    throw fail("mixture weight " + LatencyDistribution.format(weight) + " must be > 0");
                }
            }
            weights.add(weight);
            parts.add(atom());
            skipSpaces();
        } while (accept('+'));
        if (pos < text.length()) {
            throw fail("unexpected '" + text.substring(pos) + "' at position " + (pos + 1)
                    + " (terms of a mixture are joined by '+')");
        }
        return combine(weights, parts);
    }

    private LatencyDistribution combine(List<Double> weights, List<LatencyDistribution> parts) {
        if (parts.size() == 1 && weights.get(0) == null) {
            return parts.get(0);
        }
        double sum = 0;
        double[] w = new double[weights.size()];
        for (int i = 0; i < w.length; i++) {
            if (weights.get(i) == null) {
                throw fail("every term of a mixture needs a weight (term " + (i + 1) + ", " + parts.get(i).spec()
                        + ", has none), e.g. 0.9*pareto(0.2,10)+0.1*exp(1.5)");
            }
            w[i] = weights.get(i);
            sum += w[i];
        }
        if (Math.abs(sum - 1.0) > WEIGHT_SUM_TOLERANCE) {
            throw fail("mixture weights must sum to 1 (they sum to " + LatencyDistribution.format(sum) + ")");
        }
        return parts.size() == 1 ? parts.get(0) : new Mixture(w, parts);
    }

    private LatencyDistribution atom() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
            pos++;
        }
        String name = text.substring(start, pos);
        if (name.isEmpty()) {
            throw fail("expected a distribution name at position " + (start + 1) + "; allowed: " + ALLOWED);
        }
        if (!NAMES.contains(name)) {
            List<String> close = Suggestions.closeMatches(name, NAMES);
            throw fail("unknown distribution '" + name + "'" + (close.isEmpty() ? "" : " (did you mean " + close.get(0)
                    + "?)") + "; allowed: " + ALLOWED);
        }
        skipSpaces();
        expect('(', "'(' after " + name);
        if (name.equals("file")) {
            return file();
        }
        List<Double> args = new ArrayList<>();
        skipSpaces();
        if (!accept(')')) {
            do {
                args.add(number("a number"));
                skipSpaces();
            } while (accept(','));
            expect(')', "')' or ',' in " + name + "(...)");
        }
        return build(name, args);
    }

    private LatencyDistribution build(String name, List<Double> args) {
        return switch (name) {
            case "exp" -> {
                arity(name, args, "rate");
                double rate = args.get(0);
                require(rate > 0, "rate must be > 0 (per ms; the mean is 1/rate ms)");
                yield new Exponential(rate);
            }
            case "pareto" -> {
                arity(name, args, "xm", "alpha");
                require(args.get(0) > 0, "pareto scale xm must be > 0 ms");
                require(args.get(1) > 0, "pareto shape alpha must be > 0");
                yield new Pareto(args.get(0), args.get(1));
            }
            case "const" -> {
                arity(name, args, "ms");
                require(args.get(0) >= 0, "const value must be >= 0 ms");
                yield new Constant(args.get(0));
            }
            case "uniform" -> {
                arity(name, args, "lo", "hi");
                require(args.get(0) >= 0, "uniform lower bound must be >= 0 ms");
                require(args.get(1) >= args.get(0), "uniform needs lo <= hi");
                yield new Uniform(args.get(0), args.get(1));
            }
            case "normal" -> {
                arity(name, args, "mean", "sd");
                double mean = args.get(0);
                double sd = args.get(1);
                require(sd > 0, "normal sd must be > 0 (for a fixed value use const)");
                require(mean > -3 * sd, "normal mean must be > -3*sd (the distribution is truncated at 0;"
                        + " otherwise almost every draw would be negative)");
                yield new TruncatedNormal(mean, sd);
            }
            default -> throw new IllegalStateException(name);
        };
    }

    private LatencyDistribution file() {
        int close = text.indexOf(')', pos);
        if (close < 0) {
            throw fail("missing ')' after file(path");
        }
        String path = text.substring(pos, close).trim();
        if (path.isEmpty()) {
            throw fail("file(...) needs a path");
        }
        pos = close + 1;
        double[] samples = SampleFiles.readSamples(flag, text, baseDir.resolve(path));
        return new Empirical("file(" + path + ")", samples);
    }

    private void arity(String name, List<Double> args, String... params) {
        if (args.size() != params.length) {
            throw fail(name + " takes " + params.length + (params.length == 1 ? " argument" : " arguments") + " ("
                    + String.join(",", params) + "), got " + args.size());
        }
        for (double a : args) {
            require(!Double.isInfinite(a), name + " arguments must be finite");
        }
    }

    private double number(String what) {
        skipSpaces();
        Matcher m = NUMBER.matcher(text);
        m.region(pos, text.length());
        if (!m.lookingAt()) {
            String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "the end";
            throw fail("expected " + what + " at position " + (pos + 1) + ", found " + found);
        }
        pos = m.end();
        return Double.parseDouble(m.group());
    }

    private void expect(char c, String what) {
        skipSpaces();
        if (!accept(c)) {
            String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "the end";
            throw fail("expected " + what + " at position " + (pos + 1) + ", found " + found);
        }
    }

    private boolean accept(char c) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private void require(boolean ok, String rule) {
        if (!ok) {
            throw fail(rule);
        }
    }

    private ConfigException fail(String rule) {
        return ConfigException.of(flag, text, rule);
    }
}
