/**
 * Users' own traffic: a trace of every operation of a run ({@code --record-ops}, {@link TraceRecorder}),
 * its file format ({@link TraceFormat}: {@link TraceWriter}, {@link TraceReader}), and the replay of a
 * trace under the open model at its recorded times ({@link ReplayWorkload}).
 */
package org.openmark.trace;
