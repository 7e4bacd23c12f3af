package org.openmark.run;

/**
 * Why a phase runs the load model it runs, recorded in result.json ({@code modelReason}) and said in
 * the text report's first line. A command in YCSB's form keeps YCSB's meaning: it runs YCSB's closed
 * model unless it asks for a rate; openmark's own form ({@code --store}) keeps the open model as its
 * default.
 */
public enum ModelReason {
    /** {@code --model}, the {@code model} property, or a command that set it (a rating's experiments). */
    GIVEN("given", "chosen with --model (the model property)"),
    /** YCSB's {@code -threads} or {@code -target} (threadcount, target). */
    CLOSED_FLAGS("closed-flags", "YCSB's -threads or -target chose YCSB's closed model"),
    /** YCSB's form (-db, bin/ycsb's binding name, the db property) without a rate. */
    YCSB_FORM("ycsb-form", "the command names its binding as YCSB does (-db, bin/ycsb's binding name or the db"
            + " property) and gives no rate, so it runs as YCSB would: YCSB's closed model with YCSB's defaults"),
    /** YCSB's form with an open-model option. */
    YCSB_FORM_RATE("ycsb-form-rate", "the command names its binding as YCSB does but asks for a rate (--rate,"
            + " --rate-schedule or --arrival), which chose the open model"),
    /** openmark's form without a choice: the open model. */
    OPENMARK_DEFAULT("openmark-default", "openmark's default for a command that names its store with --store"
            + " (or names none)"),
    /** A load phase inserts each record once, with client threads. */
    LOAD("load", "a load inserts each record once with client threads, as YCSB's does");

    private final String word;
    private final String sentence;

    ModelReason(String word, String sentence) {
        this.word = word;
        this.sentence = sentence;
    }

    /** The reason as one word, for programs (result.json's {@code modelReason}). */
    public String word() {
        return word;
    }

    /** The reason for a person, without a full stop. */
    public String describe() {
        return sentence;
    }
}
