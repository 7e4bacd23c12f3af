package org.openmark.load;

import java.util.List;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/** Parses {@code --arrival} values: constant, poisson, pareto:SHAPE, hyperexp:CV. */
public final class Arrivals {
    private static final List<String> FORMS = List.of("constant", "poisson", "pareto:<shape>", "hyperexp:<cv>");

    private Arrivals() {
    }

    /** The process named by {@code text}; errors name {@code flag}. */
    public static ArrivalProcess parse(String flag, String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        int colon = t.indexOf(':');
        String kind = colon < 0 ? t : t.substring(0, colon);
        String arg = colon < 0 ? null : t.substring(colon + 1);
        try {
            return switch (kind) {
                case "constant" -> noArg(flag, text, arg, new ArrivalProcess.Constant());
                case "poisson" -> noArg(flag, text, arg, new ArrivalProcess.Poisson());
                case "pareto" -> new ArrivalProcess.Pareto(number(flag, text, arg, "pareto:2.5"));
                case "hyperexp" -> new ArrivalProcess.HyperExponential(number(flag, text, arg, "hyperexp:4"));
                default -> throw ConfigException.of(flag, text, Settings.notAllowed(kind, FORMS));
            };
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(flag, text, e.getMessage());
        }
    }

    private static ArrivalProcess noArg(String flag, String text, String arg, ArrivalProcess p) {
        if (arg != null) {
            throw ConfigException.of(flag, text, p.describe() + " takes no parameter");
        }
        return p;
    }

    private static double number(String flag, String text, String arg, String example) {
        if (arg == null || arg.isEmpty()) {
            throw ConfigException.of(flag, text, "needs a parameter, e.g. " + example);
        }
        try {
            return Double.parseDouble(arg);
        } catch (NumberFormatException e) {
            throw ConfigException.of(flag, text, "the parameter must be a number, e.g. " + example);
        }
    }
}
