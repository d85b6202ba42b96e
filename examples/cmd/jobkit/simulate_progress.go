package main

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"sync"
)

// progress writes what a simulation does, from several goroutines, one
// whole line at a time. Plain, each event is a line. Live (on a
// terminal), routine events replace a status line that stays at the
// bottom, and notes (failures, the pods' output) are printed above it.
type progress struct {
	mu     sync.Mutex
	w      io.Writer
	live   bool
	width  int    // live: the status line is cut to width-1 bytes
	status string // live: the status line on screen, "" when none
}

func newProgress(w io.Writer, live bool, width int) *progress {
	if width <= 1 {
		width = 80
	}
	return &progress{w: w, live: live, width: width}
}

// Terminal control: back to the start of the line and clear it.
const clearLine = "\r\x1b[K"

// event reports a routine step, such as an index that succeeded.
func (p *progress) event(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.live {
		io.WriteString(p.w, line+"\n")
		return
	}
	if len(line) > p.width-1 {
		line = line[:p.width-1]
	}
	p.status = line
	io.WriteString(p.w, clearLine+line)
}

// note reports something to keep in view: it is never overwritten.
func (p *progress) note(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.live {
		io.WriteString(p.w, line+"\n")
		return
	}
	io.WriteString(p.w, clearLine+line+"\n"+p.status)
}

// done ends the status line, which stays on screen.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.live && p.status != "" {
		io.WriteString(p.w, "\n")
		p.status = ""
	}
}

// isTerminal reports whether w is a terminal that understands the
// escape sequences of the live status line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// terminalWidth returns $COLUMNS, or 80.
func terminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 1 {
		return n
	}
	return 80
}

// maxLogLine bounds the line a lineWriter buffers: a longer line is
// written in pieces, so that a process writing no newline cannot make
// jobkit hold all its output.
const maxLogLine = 64 << 10

// lineWriter writes the output of a pod's process as notes, each line
// after a prefix such as "index 3 | ".
type lineWriter struct {
	p      *progress
	prefix string
	buf    []byte
}

func (l *lineWriter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		end := len(b)
		if i >= 0 {
			end = i
		}
		if room := maxLogLine - len(l.buf); end > room {
			l.buf = append(l.buf, b[:room]...)
			b = b[room:]
			l.line()
			continue
		}
		l.buf = append(l.buf, b[:end]...)
		if i < 0 {
			break
		}
		b = b[i+1:]
		l.line()
	}
	return n, nil
}

// line writes what is buffered as a line.
func (l *lineWriter) line() {
	l.p.note(l.prefix + string(l.buf))
	l.buf = l.buf[:0]
}

// flush writes an unfinished last line, if there is one.
func (l *lineWriter) flush() {
	if len(l.buf) > 0 {
		l.line()
	}
}
