"""The command line: help lists every command, mistakes exit 2 with one line on stderr."""
import subprocess


def run(binary, *args):
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=30)


def test_help_lists_commands(trackside_bin):
    result = run(trackside_bin, "--help")
    assert result.returncode == 0
    assert "Usage: trackside" in result.stdout


def test_unknown_command_is_a_usage_error(trackside_bin):
    result = run(trackside_bin, "frobnicate")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == ["unknown command 'frobnicate'; try 'trackside --help'"]
