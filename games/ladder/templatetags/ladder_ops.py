"""The admin index's operations panel: the last noon's duration and the cluster's heartbeat."""

from django import template

from ..health import Operations, operations

register = template.Library()


@register.simple_tag
def ladder_operations() -> Operations:
    return operations()
