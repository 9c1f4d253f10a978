// PLACEHOLDER: the statusline engineer replaces this.
process.stdout.write('?\n');
